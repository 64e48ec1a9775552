import { Alert, Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@shared/money';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatAmount, formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { FileStep, Templates } from './file-step';
import { useImportCheck } from './use-import-check';
import { LedgerImports } from './ledger-imports';
import { PreviewRows } from './preview-rows';
import type { ImportOutputs } from './shared';

type Preview = ImportOutputs['previewLedger'];
const ACTION_COLOR = { add: 'green', alreadyImported: 'gray', pendingImport: 'gray' } as const;

/** One previewed row's line of text: its day, kind, amount, account, member, reference and text. */
export function ledgerRowText(t: TFunction, r: Omit<Preview['rows'][number], 'problems' | 'key'>, currency: Currency) {
  return {
    title: [r.kind && t(`imports.ledger.kinds.${r.kind}`), r.amount !== null && formatAmount(r.kind === 'expense' ? -r.amount : r.amount, currency)].filter(Boolean).join(' · ') || '—',
    details: [r.date && formatDate(`${r.date}T12:00:00Z`, { style: 'short' }), r.account, r.member, r.reference, r.description].filter(Boolean).join(' · '),
  };
}

/** The books' history: check the file, look at every row, submit it for another officer; then the imports waiting. */
export function LedgerImport({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const preview = useMutation(trpc.imports.previewLedger.mutationOptions());
  const submit = useMutation(trpc.imports.submitLedger.mutationOptions());
  const [done, setDone] = useState<{ skipped: number } | null>(null);
  const [key, setKey] = useState(0);
  const { checked, setChecked, check } = useImportCheck(preview.mutateAsync, { communityId }, () => setDone(null));

  async function submitAll() {
    if (!checked) return;
    try {
      const r = await submit.mutateAsync({ communityId, language: checked.language, file: checked.file });
      setDone({ skipped: r.skipped });
      setChecked(null);
      setKey(key + 1);
      await queryClient.invalidateQueries(trpc.imports.ledgerImports.queryFilter({ communityId }));
    } catch (error) {
      notify.error(t('imports.ledger.failed'), errorInfo(error).message);
    }
  }

  const toAdd = checked ? checked.preview.rows.filter((r) => r.action === 'add').length : 0;
  return (
    <Stack gap="5">
      <Text>{t('imports.ledger.intro')}</Text>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Description>{t('imports.ledger.fourEyes')}</Alert.Description>
      </Alert.Root>
      <Templates kind="ledger" />
      <FileStep key={key} id="ledger-import" busy={preview.isPending} onCheck={(f, l) => void check(f, l)} />
      {done && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Description>
            {t('imports.ledger.submitted')} {done.skipped > 0 && t('imports.ledger.skipped', { count: done.skipped })}
          </Alert.Description>
        </Alert.Root>
      )}
      {checked && (
        <Stack gap="4" as="section" aria-label={t('imports.preview.title')}>
          <PreviewRows
            rows={checked.preview.rows}
            withProblems={checked.preview.withProblems}
            render={(r) => ({
              ...ledgerRowText(t, r, checked.preview.currency as Currency),
              action: r.action && <Badge colorPalette={ACTION_COLOR[r.action]}>{t(`imports.ledger.action.${r.action}`)}</Badge>,
            })}
          />
          <Button colorPalette="brand" alignSelf="flex-start" disabled={checked.preview.withProblems > 0 || toAdd === 0} loading={submit.isPending} loadingText={t('imports.ledger.submitting')} onClick={() => void submitAll()}>
            {t('imports.ledger.submit', { count: toAdd })}
          </Button>
        </Stack>
      )}
      <LedgerImports communityId={communityId} />
    </Stack>
  );
}
