import { Badge, Button, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field';
import { ListStates } from '../../components/list-states';
import { SectionCard } from '../../components/section-card';
import { Select } from '../../components/select';
import { formatNumber } from '../../lib/format';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { trpc } from '../../trpc';
import { useMeetingAction, type MeetingData } from './meeting-data';

type Vote = inferRouterOutputs<AppRouter>['meetings']['votes']['votes'][number];

/*
 * The votes taken during a meeting: each with the quorum as it stood when it opened, its results
 * as the poll shows them, and for the reader the ballots of those whose proxy they carry. The
 * leaders (meetings.manage) open a vote from here; the reader's own vote is on the poll's page.
 */
export function VotesPanel({ meeting }: { meeting: MeetingData }) {
  const { t } = useTranslation();
  const meetingId = meeting.meeting.id;
  const q = useQuery(trpc.meetings.votes.queryOptions({ meetingId }));
  return (
    <SectionCard id="meeting-votes" testId="meeting-votes" title={t('meetingMinutes.votes.title')}>
      <Stack gap="5">
        {meeting.can.manage && <OpenVoteForm meeting={meeting} />}
        <ListStates
          query={q}
          loading={t('meetingMinutes.loading')}
          failed={t('meetingMinutes.loadFailed')}
          retry={t('meetingMinutes.retry')}
          empty={q.data?.votes.length === 0 ? <Text color="fg.muted">{t('meetingMinutes.votes.none')}</Text> : undefined}
        >
          {() => (
            <Stack gap="4" as="ul" listStyleType="none">
              {q.data!.votes.map((v) => (
                <VoteRow key={v.pollId} vote={v} />
              ))}
            </Stack>
          )}
        </ListStates>
      </Stack>
    </SectionCard>
  );
}

function VoteRow({ vote: v }: { vote: Vote }) {
  const { t } = useTranslation();
  const label = new Map(v.options.map((o) => [o.id, o.label]));
  const open = v.status === 'open';
  return (
    <Stack as="li" gap="2" borderTopWidth="1px" pt="3" data-testid="meeting-vote">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text fontWeight="semibold" overflowWrap="anywhere">
          {v.title}
        </Text>
        <Badge colorPalette={open ? 'green' : 'gray'}>{t(`meetingMinutes.votes.status.${v.status}`)}</Badge>
      </HStack>
      <Text fontSize="sm" color={v.quorum.met ? 'fg.muted' : 'fg.warning'} data-testid="vote-quorum">
        {t(v.quorum.met ? 'meetingMinutes.votes.quorumMet' : 'meetingMinutes.votes.quorumNotMet', { present: v.quorum.present, proxies: v.quorum.proxies, needed: v.quorum.needed })}
      </Text>
      {v.counts ? (
        <Text data-testid="vote-results">{v.counts.map((c) => t('meetingMinutes.votes.result', { label: label.get(c.optionId), votes: formatNumber(c.votes) })).join(' · ')}</Text>
      ) : (
        <Text color="fg.muted">{t('meetingMinutes.votes.resultsHidden')}</Text>
      )}
      <Text fontSize="sm" color="fg.muted">
        {t('meetingMinutes.votes.voters', { count: v.voterCount, proxies: v.proxyBallots })}
      </Text>
      {open && !v.iVoted && (
        <Button asChild size="sm" variant="outline" alignSelf="flex-start">
          <Link to="/polls/$id" params={{ id: String(v.pollId) }}>
            {t('meetingMinutes.votes.voteYourself')}
          </Link>
        </Button>
      )}
      {v.forMyProxies.map((p) => (p.voted || !open ? <Text key={p.grantorId} fontSize="sm">{t('meetingMinutes.votes.proxyVoted', { name: p.name })}</Text> : <ProxyBallot key={p.grantorId} vote={v} grantorId={p.grantorId} name={p.name} />))}
    </Stack>
  );
}

/** One option button per choice: the ballot of a member whose proxy the reader carries. */
function ProxyBallot({ vote, grantorId, name }: { vote: Vote; grantorId: string; name: string }) {
  const { t } = useTranslation();
  const cast = useMutation(trpc.meetings.voteAsProxy.mutationOptions());
  const act = useMeetingAction();
  return (
    <Stack gap="1" data-testid="proxy-ballot">
      <Text fontSize="sm" fontWeight="medium">
        {t('meetingMinutes.votes.castFor', { name })}
      </Text>
      <HStack flexWrap="wrap" gap="2">
        {vote.options.map((o) => (
          <Button key={o.id} size="sm" variant="outline" loading={cast.isPending} onClick={() => void act(() => cast.mutateAsync({ pollId: vote.pollId, grantorId, choices: [o.id] }), t('meetingMinutes.actionFailed'), t('meetingMinutes.votes.cast', { name }))}>
            {o.label}
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}

function OpenVoteForm({ meeting }: { meeting: MeetingData }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [options, setOptions] = useState('');
  const [agendaItemId, setAgendaItemId] = useState('');
  const openVote = useMutation(trpc.meetings.openVote.mutationOptions());
  const act = useMeetingAction();
  const submit = () =>
    void act(
      () =>
        openVote.mutateAsync({
          meetingId: meeting.meeting.id,
          title,
          options: options.split('\n').map((o) => o.trim()).filter(Boolean),
          agendaItemId: agendaItemId ? Number(agendaItemId) : undefined,
        }),
      t('meetingMinutes.actionFailed'),
      t('meetingMinutes.votes.opened'),
    ).then((ok) => {
      if (!ok) return;
      setTitle('');
      setOptions('');
      setAgendaItemId('');
    });
  return (
    <Stack gap="3" data-testid="open-vote-form">
      <FormField name="vote-title" label={t('meetingMinutes.votes.question')} required>
        <Input id="vote-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
      </FormField>
      <FormField name="vote-options" label={t('meetingMinutes.votes.options')} required>
        <Textarea id="vote-options" value={options} onChange={(e) => setOptions(e.target.value)} rows={3} />
      </FormField>
      {meeting.agenda.length > 0 && (
        <FormField name="vote-agenda-item" label={t('meetingMinutes.votes.agendaItem')}>
          <Select
            id="vote-agenda-item"
            value={agendaItemId}
            onChange={(e) => setAgendaItemId(e.target.value)}
            options={[{ value: '', label: t('meetingMinutes.votes.noAgendaItem') }, ...meeting.agenda.map((a) => ({ value: String(a.id), label: a.title }))]}
          />
        </FormField>
      )}
      <Button colorPalette="brand" alignSelf="flex-start" disabled={!title.trim() || !options.trim()} loading={openVote.isPending} onClick={submit}>
        {t('meetingMinutes.votes.open')}
      </Button>
    </Stack>
  );
}
