import { Badge, Button, Card, Field, HStack, Input, List, Progress, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@shared/money';
import { notify } from '../../components/toaster';
import { useCurrentUser } from '../auth/current-user';
import { errorInfo } from '../../lib/errors';
import { formatAmount, formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { ledgerRowText } from './ledger-import';
import type { ImportOutputs } from './shared';

type Batch = ImportOutputs['ledgerImports']['imports'][number];
const STATUS_COLOR = { pending: 'orange', confirmed: 'green', rejected: 'gray' } as const;

/** The community's imports of the books' history: another officer confirms or rejects a pending one; its author may withdraw it. */
export function LedgerImports({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const q = useQuery(trpc.imports.ledgerImports.queryOptions({ communityId }));
  if (!q.data) return null;
  return (
    <Stack gap="3" as="section" aria-labelledby="ledger-imports">
      <Text as="h2" id="ledger-imports" fontWeight="semibold" fontSize="lg">
        {t('imports.ledger.pendingTitle')}
      </Text>
      {q.data.imports.length === 0 && <Text color="fg.muted">{t('imports.ledger.none')}</Text>}
      {q.data.imports.map((b) => (
        <BatchCard key={b.id} batch={b} currency={q.data.currency as Currency} />
      ))}
    </Stack>
  );
}

function BatchCard({ batch: b, currency }: { batch: Batch; currency: Currency }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const confirm = useMutation(trpc.imports.confirmLedger.mutationOptions());
  const reject = useMutation(trpc.imports.rejectLedger.mutationOptions());
  const mine = user?.id === b.createdBy;
  const refresh = () => queryClient.invalidateQueries();

  async function onConfirm() {
    try {
      const r = await confirm.mutateAsync({ id: b.id });
      notify.success(t('imports.ledger.confirmed', { count: r.written }));
      await refresh();
    } catch (error) {
      notify.error(t('imports.ledger.failed'), errorInfo(error).message);
    }
  }
  async function onReject(e: React.FormEvent) {
    e.preventDefault();
    try {
      await reject.mutateAsync({ id: b.id, reason });
      notify.success(t('imports.ledger.rejected'));
      await refresh();
    } catch (error) {
      notify.error(t('imports.ledger.failed'), errorInfo(error).message);
    }
  }

  return (
    <Card.Root size="sm">
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="medium">{t('imports.ledger.rows', { count: b.rowCount })}</Text>
          <Badge colorPalette={STATUS_COLOR[b.status]}>{t(`imports.ledger.status.${b.status}`)}</Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('imports.ledger.by', { name: b.author ?? '—', date: formatDate(b.createdAt, { style: 'short' }), file: b.fileName })}
        </Text>
        <Text fontSize="sm">{t('imports.ledger.totals', { in: formatAmount(b.totalIn, currency), out: formatAmount(b.totalOut, currency) })}</Text>
        {b.reason && <Text fontSize="sm">{b.reason}</Text>}
        {b.status === 'pending' && (
          <>
            <Button size="xs" variant="ghost" alignSelf="flex-start" onClick={() => setOpen(!open)} aria-expanded={open}>
              {open ? t('imports.ledger.hideRows') : t('imports.ledger.showRows')}
            </Button>
            {open && (
              <List.Root as="ol" ps="4" fontSize="sm" gap="1">
                {b.rows.slice(0, 500).map((r) => {
                  const text = ledgerRowText(t, r, currency);
                  return (
                    <List.Item key={r.line}>
                      {t('imports.preview.line', { line: r.line })}: {text.title} — {text.details}
                    </List.Item>
                  );
                })}
              </List.Root>
            )}
            {mine && <Text fontSize="sm" color="fg.muted">{t('imports.ledger.yours')}</Text>}
            {confirm.isPending && (
              <Progress.Root value={null} size="xs" colorPalette="brand" aria-label={t('imports.ledger.confirming')}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
            <HStack wrap="wrap" gap="2">
              {!mine && (
                <Button size="sm" colorPalette="brand" loading={confirm.isPending} loadingText={t('imports.ledger.confirming')} onClick={() => void onConfirm()}>
                  {t('imports.ledger.confirm')}
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => setRejecting(!rejecting)}>
                {mine ? t('imports.ledger.withdraw') : t('imports.ledger.reject')}
              </Button>
            </HStack>
            {rejecting && (
              <form onSubmit={(e) => void onReject(e)}>
                <Stack gap="2">
                  <Field.Root required>
                    <Field.Label htmlFor={`reject-${b.id}`}>{t('imports.ledger.reason')}</Field.Label>
                    <Input id={`reject-${b.id}`} value={reason} maxLength={300} placeholder={t('imports.ledger.reasonPlaceholder')} onChange={(e) => setReason(e.target.value)} />
                  </Field.Root>
                  <Button type="submit" size="sm" alignSelf="flex-start" disabled={!reason.trim()} loading={reject.isPending}>
                    {mine ? t('imports.ledger.withdraw') : t('imports.ledger.reject')}
                  </Button>
                </Stack>
              </form>
            )}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
