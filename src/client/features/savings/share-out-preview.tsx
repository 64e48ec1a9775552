import { Alert, Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListStates } from '../../components/list-states';
import { ReasonDialog } from '../../components/reason-dialog';
import { DefinitionList } from '../../components/ui/definition-list';
import { formatAmount, formatDate, formatNumber } from '../../lib/format';
import { trpc } from '../../trpc';
import { useSignedInUser } from '../auth/current-user';
import type { ShareOutPreview as PreviewData } from './queries';
import { ShareOutLines } from './share-out-lines';
import { useSavingsAction } from './use-savings-action';

/*
 * The open cycle's share-out, for its officers (savings.shareOutPreview): the fund, each member's
 * line, what would stay for the next cycle, what still waits, the loans still owed and the proposal
 * waiting, if any. One officer proposes, ticking the active loans carried into the next cycle; a
 * second confirms (the cycle closes) or rejects with a reason; the proposer may withdraw it. The
 * server refuses all of it too; the panel only offers each officer what they may do.
 */
export function ShareOutPreview({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const q = useQuery(trpc.savings.shareOutPreview.queryOptions({ id: groupId }));
  return (
    <ListStates query={q} loading={t('savings.loading')} failed={t('savings.loadFailed')} retry={t('savings.tryAgain')}>
      {() => <PreviewView p={q.data!} groupId={groupId} />}
    </ListStates>
  );
}

function PreviewView({ p, groupId }: { p: PreviewData; groupId: number }) {
  const { t } = useTranslation();
  const m = (amount: number) => formatAmount(amount, p.currency);
  const [carry, setCarry] = useState<number[]>([]);
  const carried = p.proposal ? p.proposal.carriedLoanIds : carry;
  return (
    <Stack gap="4" data-testid="share-out-preview">
      <DefinitionList
        items={[
          { label: t('savings.shareOut.fund'), value: m(p.fund), testId: 'share-out-fund' },
          { label: t('savings.shareOut.totalShares'), value: formatNumber(p.totalShares) },
          { label: t('savings.shareOut.toPay'), value: m(p.paidOut) },
          { label: t('savings.shareOut.carried'), value: m(p.carried) },
          { label: t('savings.shareOut.socialFund'), value: m(p.socialFund) },
        ]}
      />
      {p.lines.length > 0 ? <ShareOutLines lines={p.lines} currency={p.currency} /> : <Text color="fg.muted">{t('savings.shareOut.noShares')}</Text>}
      {p.pendingEntries > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('savings.shareOut.waiting', { count: p.pendingEntries })}</Alert.Title>
        </Alert.Root>
      )}
      {p.outstandingLoans.length > 0 && (
        <Stack as="fieldset" gap="2">
          <Text as="legend" fontWeight="semibold" mb="1">
            {t('savings.shareOut.outstanding')}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t('savings.shareOut.outstandingHelp')}
          </Text>
          {p.outstandingLoans.map((l) => {
            const label = t('savings.shareOut.carry', { id: l.id, name: l.borrowerName, amount: m(l.outstanding) });
            // Only a loan handed over can be carried; one still asked for or approved is settled first (the server says so too).
            return l.status === 'active' ? (
              <Checkbox.Root
                key={l.id}
                checked={carried.includes(l.id)}
                disabled={!!p.proposal}
                onCheckedChange={(d) => setCarry(d.checked === true ? [...carry, l.id] : carry.filter((x) => x !== l.id))}
                data-testid="share-out-carry"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{label}</Checkbox.Label>
              </Checkbox.Root>
            ) : (
              <Text key={l.id}>{t('savings.shareOut.notCarriable', { loan: label })}</Text>
            );
          })}
        </Stack>
      )}
      {p.proposal ? <Proposal p={p} proposal={p.proposal} /> : <ProposeButton groupId={groupId} carry={carry} />}
    </Stack>
  );
}

type WaitingProposal = NonNullable<PreviewData['proposal']>;

function ProposeButton({ groupId, carry }: { groupId: number; carry: number[] }) {
  const { t } = useTranslation();
  const act = useSavingsAction();
  const propose = useMutation(trpc.savings.proposeShareOut.mutationOptions());
  return (
    <Button colorPalette="brand" alignSelf="flex-start" loading={propose.isPending} onClick={() => void act(() => propose.mutateAsync({ id: groupId, carryLoanIds: carry }), t('savings.actionFailed'), t('savings.shareOut.proposed'))}>
      {t('savings.shareOut.propose')}
    </Button>
  );
}

/** The proposal waiting: its proposer may withdraw it, any other officer confirms or rejects it. */
function Proposal({ p, proposal }: { p: PreviewData; proposal: WaitingProposal }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const act = useSavingsAction();
  const confirm = useMutation(trpc.savings.confirmShareOut.mutationOptions());
  const reject = useMutation(trpc.savings.rejectShareOut.mutationOptions());
  const withdraw = useMutation(trpc.savings.withdrawShareOut.mutationOptions());
  const failed = t('savings.actionFailed');
  const changed = proposal.fund !== p.fund || proposal.totalShares !== p.totalShares;
  return (
    <Stack gap="3" data-testid="share-out-proposal" borderWidth="1px" rounded="md" p="3">
      <Text fontWeight="medium">{t('savings.shareOut.proposal', { name: proposal.proposedByName, date: formatDate(proposal.createdAt), amount: formatAmount(proposal.fund, p.currency) })}</Text>
      {changed && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('errors.savings.moneyChanged')}</Alert.Title>
        </Alert.Root>
      )}
      {proposal.proposedById === me.id ? (
        <Stack gap="2" align="flex-start">
          <Text color="fg.muted">{t('savings.shareOut.ownProposal')}</Text>
          <Button variant="outline" loading={withdraw.isPending} onClick={() => void act(() => withdraw.mutateAsync({ id: proposal.id }), failed, t('savings.shareOut.withdrawn'))}>
            {t('savings.shareOut.withdraw')}
          </Button>
        </Stack>
      ) : (
        <HStack gap="2" flexWrap="wrap">
          <ConfirmDialog
            trigger={<Button colorPalette="brand">{t('savings.shareOut.confirm')}</Button>}
            title={t('savings.shareOut.confirmTitle')}
            description={t('savings.shareOut.confirmIntro', { amount: formatAmount(p.paidOut, p.currency), count: p.lines.length })}
            confirmLabel={t('savings.shareOut.confirm')}
            onConfirm={() => act(() => confirm.mutateAsync({ id: proposal.id }), failed, t('savings.shareOut.confirmed'))}
          />
          <ReasonDialog
            trigger={
              <Button variant="outline" colorPalette="red">
                {t('savings.shareOut.reject')}
              </Button>
            }
            title={t('savings.shareOut.rejectTitle')}
            intro={t('savings.shareOut.rejectIntro')}
            label={t('savings.confirm.reason')}
            required={t('savings.confirm.reasonNeeded')}
            max={300}
            submitLabel={t('savings.shareOut.reject')}
            testIds={{ form: 'share-out-reject-form' }}
            onSubmit={(reason) => act(() => reject.mutateAsync({ id: proposal.id, reason }), failed, t('savings.shareOut.rejected'))}
          />
        </HStack>
      )}
    </Stack>
  );
}
