import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '../../components/empty-state';
import { ListStates } from '../../components/list-states';
import { ReasonDialog } from '../../components/reason-dialog';
import { ActionRow, RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { formatAmount, formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import { entryText } from './labels';
import { memberName } from './members-card';
import { ledgerQuery, type Group } from './queries';
import { ReversalMoves } from './reversal-moves';
import { useSavingsAction } from './use-savings-action';

/**
 * What waits for a second officer: meeting money and grants (savings.confirm / .reject), reversals
 * one officer proposed (reversal-moves.tsx) and loan repayments (.confirmRepayment / .rejectRepayment). The server says which the viewer may decide
 * (never what they recorded or declared, nor their own money); the others show who must.
 */
export function ToConfirmCard({ g }: { g: Group }) {
  const { t } = useTranslation();
  const q = useQuery(ledgerQuery(g.id));
  const act = useSavingsAction();
  const confirm = useMutation(trpc.savings.confirm.mutationOptions());
  const reject = useMutation(trpc.savings.reject.mutationOptions());
  const confirmRepayment = useMutation(trpc.savings.confirmRepayment.mutationOptions());
  const rejectRepayment = useMutation(trpc.savings.rejectRepayment.mutationOptions());
  const failed = t('savings.actionFailed');
  const borrower = (id: string) => memberName(g.members.find((m) => m.userId === id) ?? { firstName: '', lastName: '' });
  const pending = q.data ? q.data.pending.length + q.data.pendingReversals.length + q.data.pendingRepayments.length : 0;
  return (
    <SectionCard id="savings-to-confirm" testId="savings-to-confirm" title={t('savings.confirm.title')} intro={t('savings.confirm.intro')}>
      <ListStates query={q} loading={t('savings.loading')} failed={t('savings.loadFailed')} retry={t('savings.tryAgain')} empty={pending === 0 && <EmptyNote icon={<CheckCheck />}>{t('savings.confirm.empty')}</EmptyNote>}>
        {() => (
          <RuledList>
            {q.data!.pending.map((e) => {
              const what = t('savings.confirm.what', { who: e.memberName, what: entryText(t, e, g.currency) });
              return (
                <ActionRow
                  key={`e${e.id}`}
                  testId="to-confirm"
                  actions={
                    e.mayDecide ? (
                      <Decide
                        what={what}
                        busy={confirm.isPending && confirm.variables?.id === e.id}
                        onConfirm={() => void act(() => confirm.mutateAsync({ id: e.id }), failed, t('savings.confirm.confirmed'))}
                        onReject={(reason) => act(() => reject.mutateAsync({ id: e.id, reason }), failed, t('savings.confirm.rejected'))}
                      />
                    ) : (
                      <Badge>{t('savings.confirm.notYours')}</Badge>
                    )
                  }
                >
                  <Text fontWeight="medium">{what}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {[e.meetingId ? t('savings.confirm.meeting', { number: g.meetings.find((m) => m.id === e.meetingId)?.number ?? '' }) : e.purpose, e.declared ? t('savings.confirm.declared') : null, formatDateTime(e.createdAt)].filter(Boolean).join(' · ')}
                  </Text>
                </ActionRow>
              );
            })}
            {q.data!.pendingReversals.map((e) => {
              const what = t('savings.confirm.what', { who: e.memberName, what: entryText(t, e, g.currency) });
              return (
                <ActionRow key={`v${e.id}`} testId="reversal-waiting" actions={<ReversalMoves id={e.id} what={what} mayDecide={e.mayDecide} mayWithdraw={e.mayWithdraw} />}>
                  <Text fontWeight="medium">{what}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t('savings.reverse.waiting', { reason: e.reversalReason ?? '' })}
                  </Text>
                </ActionRow>
              );
            })}
            {q.data!.pendingRepayments.map((r) => {
              const what = t('savings.confirm.what', { who: t('savings.confirm.repayment', { id: r.loanId, member: borrower(r.borrowerId) }), what: formatAmount(r.amount, g.currency) });
              return (
                <ActionRow
                  key={`r${r.id}`}
                  testId="to-confirm"
                  actions={
                    r.mayDecide ? (
                      <Decide
                        what={what}
                        busy={confirmRepayment.isPending && confirmRepayment.variables?.id === r.id}
                        onConfirm={() => void act(() => confirmRepayment.mutateAsync({ id: r.id }), failed, t('savings.confirm.confirmed'))}
                        onReject={(reason) => act(() => rejectRepayment.mutateAsync({ id: r.id, reason }), failed, t('savings.confirm.rejected'))}
                      />
                    ) : (
                      <Badge>{t('savings.confirm.notYours')}</Badge>
                    )
                  }
                >
                  <Text fontWeight="medium">{what}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {formatDateTime(r.createdAt)}
                  </Text>
                </ActionRow>
              );
            })}
          </RuledList>
        )}
      </ListStates>
    </SectionCard>
  );
}

/** Confirm at once (it only counts what was recorded); reject with a reason, asked first. */
function Decide({ what, busy, onConfirm, onReject }: { what: string; busy: boolean; onConfirm: () => void; onReject: (reason: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" gap="2">
      <Button size="sm" colorPalette="brand" loading={busy} aria-label={t('savings.confirm.confirmLabel', { what })} onClick={onConfirm}>
        {t('savings.confirm.confirm')}
      </Button>
      <ReasonDialog
        trigger={
          <Button size="sm" variant="outline" colorPalette="red" aria-label={t('savings.confirm.rejectLabel', { what })}>
            {t('savings.confirm.reject')}
          </Button>
        }
        title={t('savings.confirm.rejectTitle')}
        intro={`${what}. ${t('savings.confirm.rejectIntro')}`}
        label={t('savings.confirm.reason')}
        required={t('savings.confirm.reasonNeeded')}
        max={300}
        submitLabel={t('savings.confirm.reject')}
        onSubmit={onReject}
      />
    </Stack>
  );
}
