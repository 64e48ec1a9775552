import { Badge, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import type { NominationStatus } from '@shared/polls/rules';
import { candidatesNeeded } from '@shared/polls/rules';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/current-user';
import { MemberPicker } from '../events/event/member-picker';
import type { PollDetail } from './types';
import { usePollAction } from './use-poll-action';

/*
 * An election taking nominations: who is nominated and how they answered; the viewer's own
 * accept / decline; a member's self-nomination; the managers' nominations and withdrawals, and
 * Open voting once at least seats + 1 candidates have accepted.
 */

const STATUS = { pending: 'polls.nominations.status.pending', accepted: 'polls.nominations.status.accepted', declined: 'polls.nominations.status.declined' } as const satisfies Record<NominationStatus, string>;
const PALETTE = { pending: 'yellow', accepted: 'green', declined: 'gray' } as const satisfies Record<NominationStatus, string>;

export function NominationsCard({ poll: p }: { poll: PollDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const { user } = useCurrentUser();
  const run = usePollAction();
  const nominate = useMutation(trpc.polls.nominate.mutationOptions());
  const answer = useMutation(trpc.polls.answerNomination.mutationOptions());
  const remove = useMutation(trpc.polls.removeNomination.mutationOptions());
  const open = useMutation(trpc.polls.openVoting.mutationOptions());
  const nominations = p.nominations ?? [];
  const seats = p.seats ?? 1;
  const needed = candidatesNeeded(seats);
  const accepted = nominations.filter((n) => n.status === 'accepted').length;
  const mine = user ? nominations.find((n) => n.userId === user.id) : undefined;
  const taking = p.status === 'nominating';

  const reply = (accept: boolean) =>
    run(() => answer.mutateAsync({ id: p.id, accept }), t('polls.nominations.answerFailed'), () => ({ title: t(accept ? 'polls.nominations.accepted' : 'polls.nominations.declined') }));

  return (
    <SectionCard id={id} title={t('polls.nominations.title')} intro={t('polls.nominations.intro', { needed, seats })} testId="nominations" bodyGap="5">
      {taking && mine && (
        <Stack gap="2" borderWidth="1px" borderColor="brand.solid" rounded="md" p="3" data-testid="my-nomination">
          {mine.status === 'pending' && <Text fontWeight="medium">{t('polls.nominations.youArePending')}</Text>}
          <HStack gap="2" flexWrap="wrap">
            {mine.status !== 'accepted' && (
              <Button size="sm" colorPalette="brand" onClick={() => void reply(true)} loading={answer.isPending && answer.variables?.accept === true} data-testid="accept-nomination">
                {t('polls.nominations.accept')}
              </Button>
            )}
            {mine.status !== 'declined' && (
              <Button size="sm" variant="outline" onClick={() => void reply(false)} loading={answer.isPending && answer.variables?.accept === false} data-testid="decline-nomination">
                {t('polls.nominations.decline')}
              </Button>
            )}
          </HStack>
        </Stack>
      )}

      {nominations.length === 0 ? (
        <Text color="fg.muted">{t('polls.nominations.none')}</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" data-testid="nominations-list">
          {nominations.map((n) => (
            <HStack as="li" key={n.userId} justify="space-between" gap="2" flexWrap="wrap" borderBottomWidth="1px" pb="2" data-testid="nomination" data-status={n.status}>
              <Text minW="0" overflowWrap="anywhere">
                {n.name} {user?.id === n.userId && <chakra.span color="fg.muted">{t('polls.nominations.you')}</chakra.span>}
              </Text>
              <HStack gap="2">
                <Badge colorPalette={PALETTE[n.status]} variant="subtle">
                  {t(STATUS[n.status])}
                </Badge>
                {taking && p.canManage && (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={t('polls.nominations.removeLabel', { name: n.name })}
                    loading={remove.isPending && remove.variables?.userId === n.userId}
                    onClick={() =>
                      void run(() => remove.mutateAsync({ id: p.id, userId: n.userId }), t('polls.nominations.removeFailed'), () => ({ title: t('polls.nominations.removed') }))
                    }
                  >
                    {t('polls.nominations.remove')}
                  </Button>
                )}
              </HStack>
            </HStack>
          ))}
        </Stack>
      )}

      {taking && user && !mine && (
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          loading={nominate.isPending && nominate.variables?.userId === user.id}
          onClick={() => void run(() => nominate.mutateAsync({ id: p.id, userId: user.id }), t('polls.nominations.nominateFailed'), () => ({ title: t('polls.nominations.selfDone') }))}
          data-testid="self-nominate"
        >
          {t('polls.nominations.self')}
        </Button>
      )}

      {taking && p.canManage && <NominateForm poll={p} exclude={new Set(nominations.filter((n) => n.status !== 'declined').map((n) => n.userId))} />}

      {taking && p.canManage && (
        <Stack gap="2" borderTopWidth="1px" pt="4">
          <Text fontSize="sm" color="fg.muted" data-testid="nominations-accepted">
            {t('polls.nominations.acceptedCount', { n: accepted, needed })}
          </Text>
          {accepted >= needed ? (
            <ConfirmDialog
              trigger={
                <Button colorPalette="brand" alignSelf="flex-start" data-testid="open-voting">
                  {t('polls.nominations.openVoting')}
                </Button>
              }
              title={t('polls.nominations.openTitle')}
              description={t('polls.nominations.openBody', { n: accepted })}
              confirmLabel={t('polls.nominations.openVoting')}
              onConfirm={async () => {
                const ok = await run(() => open.mutateAsync({ id: p.id }), t('polls.nominations.openFailed'), () => ({ title: t('polls.nominations.opened') }));
                if (!ok) throw new Error('not opened');
              }}
            />
          ) : (
            <Button colorPalette="brand" alignSelf="flex-start" disabled data-testid="open-voting">
              {t('polls.nominations.openVoting')}
            </Button>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}

function NominateForm({ poll: p, exclude }: { poll: PollDetail; exclude: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const run = usePollAction();
  const nominate = useMutation(trpc.polls.nominate.mutationOptions());
  const [userId, setUserId] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!userId) {
      setError(t('validation.community.chooseMember'));
      requestAnimationFrame(() => document.getElementById('nominee')?.focus());
      return;
    }
    const ok = await run(
      () => nominate.mutateAsync({ id: p.id, userId }),
      t('polls.nominations.nominateFailed'),
      () => ({ title: t('polls.nominations.nominated'), body: t('polls.nominations.nominatedBody', { name }) }),
      (err) => setError(errorInfo(err).issues[0]?.message),
    );
    if (ok) {
      setUserId('');
      setName('');
    }
  }
  return (
    <chakra.form onSubmit={onSubmit} noValidate borderTopWidth="1px" pt="4" data-testid="nominate-form">
      <Stack gap="3">
        <Text fontWeight="medium">{t('polls.nominations.nominate')}</Text>
        <MemberPicker
          communityId={p.community.id}
          name="nominee"
          label={t('polls.nominations.member')}
          value={userId}
          onChange={(id, n) => {
            setUserId(id);
            setName(n);
            setError(undefined);
          }}
          error={error}
          exclude={exclude}
          required
        />
        <Button type="submit" size="sm" colorPalette="brand" alignSelf="flex-start" loading={nominate.isPending} data-testid="nominate">
          {t('polls.nominations.nominateSubmit')}
        </Button>
      </Stack>
    </chakra.form>
  );
}
