import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { HandCoins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '../../components/empty-state';
import { ListStates } from '../../components/list-states';
import { ActionRow, RowButton, RuledList } from '../../components/rows';
import { ReasonDialog } from '../../components/reason-dialog';
import { SectionCard } from '../../components/section-card';
import { formatAmount, formatDate } from '../../lib/format';
import { useSignedInUser } from '../auth/current-user';
import { trpc } from '../../trpc';
import { PayFineDialog } from './pay-fine-dialog';
import { finesQuery, type FineRow } from './queries';
import { useMeetingsAction } from './use-meetings-action';

/**
 * Meeting fines: the officers see everyone's (meetings.record), a plain member only their own
 * (the server decides; nobody's fines are shown to other members). A member pays their own through
 * the books; a leader waives one with a reason, never their own nor one their marking posted.
 */
export function FinesCard({ communityId, officer, manage = false, meetingId }: { communityId: number; officer: boolean; manage?: boolean; meetingId?: number }) {
  const { t } = useTranslation();
  const q = useQuery(finesQuery(communityId));
  // On a meeting's page, that meeting's fines only.
  const fines = q.data?.fines.filter((f) => meetingId === undefined || f.meetingId === meetingId);
  return (
    <SectionCard id="meeting-fines" testId="meeting-fines" title={t(officer ? 'meetings.fines.title' : 'meetings.fines.mine')} intro={t('meetings.fines.intro')}>
      <ListStates
        query={q}
        loading={t('meetings.loading')}
        failed={t('meetings.loadFailed')}
        retry={t('meetings.tryAgain')}
        empty={fines?.length === 0 && <EmptyNote icon={<HandCoins />}>{t('meetings.fines.empty')}</EmptyNote>}
      >
        {() => (
          <RuledList>
            {fines!.map((f) => (
              <FineLine key={f.id} f={f} currency={q.data!.currency ?? ''} officer={officer} manage={manage} communityId={communityId} />
            ))}
          </RuledList>
        )}
      </ListStates>
    </SectionCard>
  );
}

const STATUS_PALETTE = { owed: 'orange', waived: 'gray', cancelled: 'gray' } as const;

function FineLine({ f, currency, officer, manage, communityId }: { f: FineRow; currency: string; officer: boolean; manage: boolean; communityId: number }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const waive = useMutation(trpc.meetings.waiveFine.mutationOptions());
  const act = useMeetingsAction();
  const owed = f.status === 'owed' && f.paid < f.amount;
  const mine = me.id === f.memberId;
  const canWaive = manage && owed && !mine && f.postedBy !== me.id;
  return (
    <ActionRow
      testId="meeting-fine"
      actions={
        <HStack gap="2">
          {mine && owed && <PayFineDialog communityId={communityId} fine={f} currency={currency} trigger={<RowButton label={t('meetings.fines.payLabel', { title: f.meetingTitle })}>{t('meetings.fines.pay')}</RowButton>} />}
          {canWaive && (
            <ReasonDialog
              trigger={<RowButton label={t('meetings.fines.waiveLabel', { name: f.memberName })}>{t('meetings.fines.waive')}</RowButton>}
              title={t('meetings.fines.waiveTitle')}
              intro={t('meetings.fines.waiveIntro', { name: f.memberName, amount: formatAmount(f.amount - f.paid, currency) })}
              label={t('meetings.fines.reason')}
              required={t('meetings.fines.reasonRequired')}
              submitLabel={t('meetings.fines.waive')}
              destructive={false}
              max={300}
              onSubmit={(reason) => act(() => waive.mutateAsync({ fineId: f.id, reason }), t('meetings.actionFailed'), t('meetings.fines.waived'))}
            />
          )}
        </HStack>
      }
    >
      <Stack gap="0.5" minW="0">
        <Text fontWeight="medium" overflowWrap="anywhere">
          {officer ? `${f.memberName} · ` : ''}
          {t(f.reason === 'late' ? 'meetings.fines.late' : 'meetings.fines.absent')} · {formatAmount(f.amount, currency)}
        </Text>
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {f.meetingTitle} · {formatDate(f.startsAt)}
          {f.paid > 0 ? ` · ${t('meetings.fines.paid', { amount: formatAmount(f.paid, currency) })}` : ''}
          {f.waiveReason ? ` · ${f.waiveReason}` : ''}
        </Text>
      </Stack>
      <Badge colorPalette={owed ? STATUS_PALETTE.owed : STATUS_PALETTE[f.status]}>{t(owed ? 'meetings.fines.status.owed' : f.status === 'waived' ? 'meetings.fines.status.waived' : 'meetings.fines.status.paid')}</Badge>
    </ActionRow>
  );
}
