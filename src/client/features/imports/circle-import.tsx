import { Alert, Badge, Button, Card, Field, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SectionCard } from '../../components/section-card';
import { useAction } from '../../lib/use-action';
import { formatAmount, formatDate, formatDay } from '../../lib/format';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/current-user';
import { FinanceReasonDialog } from '../finances/dialog-forms';
import { FileStep, Templates } from './file-step';
import { PreviewRows } from './preview-rows';
import type { ImportOutputs } from './shared';
import { useImportCheck } from './use-import-check';

type Batch = ImportOutputs['circleImports']['imports'][number];
const STATUS_COLOR = { pending: 'orange', confirmed: 'green', rejected: 'gray' } as const;

/** After a decision, both the circle and its imports read again. */
const useImportAction = () => useAction([trpc.njangi.pathKey(), trpc.imports.pathKey()], { wait: true });

/**
 * A recruiting fixed-order circle's import: for its organiser, the same steps as the other imports
 * (templates, the real first due date, the file, every row checked, then submit); for the
 * organiser and the community's finance officers, the import waiting (the server lists it to
 * nobody else), which an officer other than the organiser confirms or rejects.
 */
export function CircleImportCard({ circleId, organiser }: { circleId: number; organiser: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const imports = useQuery(trpc.imports.circleImports.queryOptions({ circleId }));
  const batches = imports.data?.imports ?? [];
  const pending = batches.some((b) => b.status === 'pending');
  if (!organiser && batches.length === 0) return null;
  return (
    <SectionCard id="circle-import" title={t('imports.circle.title')} bodyGap="4">
      {batches.map((b) => (
        <BatchCard key={b.id} batch={b} />
      ))}
      {organiser && !pending && (
        <>
          <Text color="fg.muted">{t('imports.circle.intro')}</Text>
          <Button variant="outline" alignSelf="flex-start" aria-expanded={open} aria-controls={open ? 'circle-import-flow' : undefined} onClick={() => setOpen(!open)}>
            {!open && <FileSpreadsheet aria-hidden />} {open ? t('imports.circle.close') : t('imports.circle.open')}
          </Button>
          {open && <CircleImportFlow circleId={circleId} />}
        </>
      )}
    </SectionCard>
  );
}

function CircleImportFlow({ circleId }: { circleId: number }) {
  const { t } = useTranslation();
  const run = useImportAction();
  const preview = useMutation(trpc.imports.previewCircle.mutationOptions());
  const submit = useMutation(trpc.imports.submitCircle.mutationOptions());
  const [firstDueDate, setFirstDueDate] = useState('');
  const [key, setKey] = useState(0);
  const { checked, setChecked, check } = useImportCheck(preview.mutateAsync, { circleId, firstDueDate }, () => undefined);
  const p = checked?.preview;

  async function submitAll() {
    if (!checked) return;
    const ok = await run(() => submit.mutateAsync({ ...checked.scope, language: checked.language, file: checked.file }), t('imports.ledger.failed'), t('imports.circle.submitted'));
    if (ok) {
      setChecked(null);
      setKey(key + 1);
    }
  }

  return (
    <Stack gap="4" id="circle-import-flow">
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Description>{t('imports.circle.fourEyes')}</Alert.Description>
      </Alert.Root>
      <Templates kind="circle" body={t('imports.circle.templateBody')} />
      <Field.Root required>
        <Field.Label htmlFor="circle-import-first-due">{t('imports.circle.firstDue')}</Field.Label>
        <Input id="circle-import-first-due" type="date" maxW="xs" value={firstDueDate} onChange={(e) => {
            // A new date asks for a new check: the one shown was made with the old date.
            setFirstDueDate(e.target.value);
            setChecked(null);
          }} aria-describedby="circle-import-first-due-help" />
        <Field.HelperText id="circle-import-first-due-help">{t('imports.circle.firstDueHelp')}</Field.HelperText>
      </Field.Root>
      <FileStep key={key} id="circle-import" busy={preview.isPending} onCheck={(f, l) => void check(f, l)} />
      {p && (
        <Stack gap="4" as="section" aria-label={t('imports.preview.title')}>
          <Text role="status">
            {t('imports.circle.summary', {
              hands: p.hands,
              date: formatDay(p.firstDueDate, { style: 'medium' }),
              due: p.roundsDue,
              paidOut: p.paidOut,
              contributions: p.contributions,
              total: formatAmount(p.totalPaid, p.currency),
            })}
          </Text>
          {p.missingPositions.length > 0 && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>{t('imports.circle.missingPositions', { list: p.missingPositions.join(', ') })}</Alert.Description>
            </Alert.Root>
          )}
          <PreviewRows
            rows={p.rows}
            withProblems={p.withProblems}
            render={(r) => ({
              title: [r.position !== null && `#${r.position}`, r.member ?? r.email].filter(Boolean).join(' · ') || '—',
              details: `${t('imports.circle.columns.roundsPaid')}: ${r.roundsPaid ?? '—'}`,
              action: <Badge colorPalette={r.received ? 'green' : 'gray'}>{`${t('imports.circle.columns.received')}: ${r.received ? t('imports.circle.yes') : t('imports.circle.no')}`}</Badge>,
            })}
          />
          <Button colorPalette="brand" alignSelf="flex-start" disabled={p.withProblems > 0 || p.missingPositions.length > 0} loading={submit.isPending} loadingText={t('imports.circle.submitting')} onClick={() => void submitAll()}>
            {t('imports.circle.submit', { count: p.hands })}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function BatchCard({ batch: b }: { batch: Batch }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const run = useImportAction();
  const confirm = useMutation(trpc.imports.confirmCircle.mutationOptions());
  const reject = useMutation(trpc.imports.rejectCircle.mutationOptions());
  const withdraw = useMutation(trpc.imports.withdrawCircle.mutationOptions());
  const mine = user?.id === b.createdBy;
  const rows = [...b.rows].sort((x, y) => (x.position ?? 0) - (y.position ?? 0));
  return (
    <Card.Root size="sm" variant="subtle" data-testid="circle-import-batch">
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="medium">{t('imports.circle.pendingTitle')}</Text>
          <Badge colorPalette={STATUS_COLOR[b.status]}>{t(`imports.ledger.status.${b.status}`)}</Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('imports.circle.by', { name: b.author ?? '—', date: formatDate(b.createdAt, { style: 'short' }), file: b.fileName, first: formatDay(b.firstDueDate, { style: 'medium' }) })}
        </Text>
        <Text fontSize="sm">{t('imports.circle.counts', { rows: b.rowCount, contributions: b.contributions, total: formatAmount(b.total.amount, b.total.currency), payouts: b.payouts })}</Text>
        {b.reason && <Text fontSize="sm">{b.reason}</Text>}
        {b.status === 'pending' && (
          <>
            <List.Root as="ol" ps="4" fontSize="sm" gap="1" aria-label={t('imports.preview.title')}>
              {rows.map((r) => (
                <List.Item key={r.line}>
                  {`#${r.position} · ${r.member ?? '—'} · ${t('imports.circle.columns.roundsPaid')}: ${r.roundsPaid} · ${t('imports.circle.columns.received')}: ${r.received ? t('imports.circle.yes') : t('imports.circle.no')}`}
                </List.Item>
              ))}
            </List.Root>
            {mine ? (
              <>
                <Text fontSize="sm" color="fg.muted">
                  {t('imports.circle.yours')}
                </Text>
                <FinanceReasonDialog
                  title={t('imports.circle.withdraw')}
                  intro={t('imports.circle.withdrawIntro')}
                  trigger={
                    <Button size="sm" variant="outline" alignSelf="flex-start">
                      {t('imports.circle.withdraw')}
                    </Button>
                  }
                  submitLabel={t('imports.circle.withdraw')}
                  onSubmit={(reason) => run(() => withdraw.mutateAsync({ id: b.id, reason }), t('imports.ledger.failed'), t('imports.circle.withdrawn'))}
                />
              </>
            ) : (
              <HStack wrap="wrap" gap="2">
                <ConfirmDialog
                  trigger={<Button size="sm" colorPalette="brand">{t('imports.circle.confirm')}</Button>}
                  title={t('imports.circle.confirmTitle')}
                  description={t('imports.circle.confirmBody')}
                  confirmLabel={t('imports.circle.confirm')}
                  onConfirm={async () => {
                    if (!(await run(() => confirm.mutateAsync({ id: b.id }), t('imports.ledger.failed'), t('imports.circle.confirmed')))) throw new Error('not confirmed');
                  }}
                />
                <FinanceReasonDialog
                  title={t('imports.circle.reject')}
                  intro={t('imports.circle.rejectIntro')}
                  trigger={<Button size="sm" variant="outline">{t('imports.circle.reject')}</Button>}
                  helper={t('imports.circle.reasonPlaceholder')}
                  submitLabel={t('imports.circle.reject')}
                  onSubmit={(reason) => run(() => reject.mutateAsync({ id: b.id, reason }), t('imports.ledger.failed'), t('imports.circle.rejected'))}
                />
              </HStack>
            )}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
