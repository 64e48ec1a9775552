import { Alert, Box, Button, chakra, HStack, IconButton, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { refusalText } from '../standing/refusal';
import type { MessageKey } from '@shared/i18n/catalogue';
import { maxChoicesOf } from '@shared/polls/rules';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { ballotError, moveRank, toggleChoice } from './model';
import { useOptionLabel } from './poll-badges';
import type { PollDetail } from './types';
import { usePollAction } from './use-poll-action';

/*
 * The viewer's ballot: why they may not vote when they may not (the server's reason); otherwise
 * the form for the poll's kind (radios, checkboxes up to the maximum, a ranking moved with
 * buttons), sent as Vote or Change vote. A named poll shows the viewer's current choices; an
 * anonymous one only that they voted.
 */

export function BallotCard({ poll: p }: { poll: PollDetail }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <SectionCard id={id} title={t('polls.ballot.title')} testId="poll-ballot-card" bodyGap="4">
      <MyVote poll={p} />
      {p.status === 'nominating' ? (
        <Text color="fg.muted">{t('polls.ballot.nominating')}</Text>
      ) : p.status === 'cancelled' ? (
        <Text color="fg.muted">{t('polls.ballot.cancelled')}</Text>
      ) : p.status === 'closed' ? (
        <Text color="fg.muted" data-testid="poll-voting-closed">
          {t('polls.ballot.closed')}
        </Text>
      ) : !p.eligible ? (
        <Eligibility poll={p} />
      ) : (
        // Keyed by the stored ballot: a vote elsewhere (another tab) starts the form afresh.
        <BallotForm key={JSON.stringify(p.myVote.choices)} poll={p} />
      )}
    </SectionCard>
  );
}

function MyVote({ poll: p }: { poll: PollDetail }) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  if (!p.myVote.voted) return p.status === 'open' && p.eligible ? <Text color="fg.muted">{t('polls.ballot.notYet')}</Text> : null;
  if (p.anonymous || !p.myVote.choices) {
    return (
      <Text data-testid="poll-my-vote">{p.anonymous ? t('polls.ballot.youVotedAnonymous') : t('polls.ballot.youVoted')}</Text>
    );
  }
  const byId = new Map(p.options.map((o) => [o.id, label(p.kind, o.label)]));
  const names = p.myVote.choices.map((c, i) => (p.kind === 'ranked' ? `${i + 1}. ${byId.get(c) ?? ''}` : (byId.get(c) ?? '')));
  return (
    <Text fontWeight="medium" data-testid="poll-my-vote">
      {t('polls.ballot.yourChoice', { choices: names.join(p.kind === 'ranked' ? ' · ' : ', ') })}
    </Text>
  );
}

/** The server's reason the viewer may not vote, with the way forward when there is one. */
function Eligibility({ poll: p }: { poll: PollDetail }) {
  const { t } = useTranslation();
  const reason = p.ineligibleReason ?? '';
  const text =
    reason === 'errors.polls.joinedTooLate'
      ? t('polls.eligibility.joinedTooLate', { date: formatDate(p.joinedBefore ?? undefined) })
      : p.refusal && p.refusalFrame
        ? refusalText(t, p.refusal, 'vote', p.refusalFrame)
        : t(reason as MessageKey, { defaultValue: reason });
  return (
    <Alert.Root status="warning" data-testid="poll-eligibility" data-reason={reason}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('polls.eligibility.title')}</Alert.Title>
        <Alert.Description>
          <Stack gap="2">
            <Text>{text}</Text>
            {p.refusal && (
              <ChakraLink asChild color="brand.fg" textDecoration="underline" fontWeight="medium">
                <Link to="/community/$id" params={{ id: String(p.community.id) }} search={{ tab: 'welfare' }}>
                  {t('polls.eligibility.standingLink')}
                </Link>
              </ChakraLink>
            )}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function BallotForm({ poll: p }: { poll: PollDetail }) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const run = usePollAction();
  const vote = useMutation(trpc.polls.vote.mutationOptions());
  const optionIds = p.options.map((o) => o.id);
  const max = maxChoicesOf(p, optionIds.length);
  const [choices, setChoices] = useState<number[]>(() => (p.myVote.choices ?? []).filter((c) => optionIds.includes(c)));
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const helpId = useId();
  const errorId = useId();
  const nameOf = (id: number) => label(p.kind, p.options.find((o) => o.id === id)?.label ?? '');
  const change = (next: number[]) => {
    setChoices(next);
    setError(null);
  };

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (vote.isPending) return;
    const problem = ballotError(p, optionIds, choices);
    if (problem) return setError(t(problem as MessageKey));
    await run(
      () => vote.mutateAsync({ id: p.id, choices }),
      t('polls.ballot.failed'),
      (r) => ({ title: t(r.changed ? 'polls.ballot.changed' : 'polls.ballot.voted'), body: t('polls.ballot.votedBody') }),
      () => undefined,
    );
  }

  // One choice (a single-seat election too) is a radio group: picking another replaces the first.
  const radio = max === 1 && p.kind !== 'ranked';
  const help = radio
    ? t(p.kind === 'election' ? 'polls.ballot.chooseOneCandidate' : 'polls.ballot.chooseOne')
    : p.kind === 'ranked'
      ? t('polls.ballot.rankHelp')
      : p.kind === 'election'
        ? t('polls.ballot.chooseCandidates', { count: max })
        : t('polls.ballot.chooseUpTo', { count: max });

  return (
    <chakra.form onSubmit={onSubmit} noValidate data-testid="poll-ballot">
      <Stack gap="4">
        {p.kind === 'ranked' ? (
          <RankedBallot poll={p} ranking={choices} onChange={change} nameOf={nameOf} onAnnounce={setAnnounce} help={help} helpId={helpId} />
        ) : (
          <chakra.fieldset border="0" p="0" m="0" minW="0" aria-describedby={`${helpId}${error ? ` ${errorId}` : ''}`} aria-invalid={!!error}>
            <chakra.legend fontWeight="medium" mb="1" p="0">
              {t(p.kind === 'election' ? 'polls.candidates' : 'polls.options')}
            </chakra.legend>
            <Text fontSize="sm" color="fg.muted" mb="3" id={helpId}>
              {help}
            </Text>
            <Stack gap="2">
              {p.options.map((o) => {
                const checked = choices.includes(o.id);
                const full = !radio && !checked && choices.length >= max;
                return (
                  <chakra.label
                    key={o.id}
                    display="flex"
                    gap="3"
                    alignItems="center"
                    borderWidth="1px"
                    rounded="md"
                    px="3"
                    py="2.5"
                    cursor={full ? 'not-allowed' : 'pointer'}
                    opacity={full ? 0.6 : 1}
                    borderColor={checked ? 'brand.solid' : 'border'}
                    bg={checked ? 'brand.subtle' : undefined}
                    data-testid="poll-choice"
                  >
                    <chakra.input
                      type={radio ? 'radio' : 'checkbox'}
                      name={`poll-${p.id}-choice`}
                      value={o.id}
                      checked={checked}
                      disabled={full}
                      onChange={() => change(radio ? [o.id] : toggleChoice(choices, o.id, max))}
                      w="4.5"
                      h="4.5"
                      flexShrink={0}
                      accentColor="brand.solid"
                      cursor="inherit"
                    />
                    <Text overflowWrap="anywhere">{label(p.kind, o.label)}</Text>
                  </chakra.label>
                );
              })}
            </Stack>
            {!radio && (
              <Text fontSize="sm" color="fg.muted" mt="2" aria-live="polite">
                {t('polls.ballot.chosen', { n: choices.length, max })}
              </Text>
            )}
          </chakra.fieldset>
        )}
        {error && (
          <Text color="fg.error" fontSize="sm" role="alert" id={errorId}>
            {error}
          </Text>
        )}
        <Box srOnly aria-live="polite">
          {announce}
        </Box>
        <Button type="submit" colorPalette="brand" alignSelf={{ base: 'stretch', sm: 'flex-start' }} loading={vote.isPending} loadingText={t('polls.ballot.sending')} data-testid="poll-submit">
          {t(p.myVote.voted ? 'polls.ballot.change' : 'polls.ballot.vote')}
        </Button>
      </Stack>
    </chakra.form>
  );
}

/** A ranking: the ranked options in order (move up, down, remove), then the unranked ones (add). */
function RankedBallot(props: {
  poll: PollDetail;
  ranking: number[];
  onChange: (ranking: number[]) => void;
  nameOf: (id: number) => string;
  onAnnounce: (text: string) => void;
  help: string;
  helpId: string;
}) {
  const { t } = useTranslation();
  const { ranking, nameOf } = props;
  const unranked = props.poll.options.map((o) => o.id).filter((id) => !ranking.includes(id));
  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
  const move = (index: number, delta: number) => {
    const next = moveRank(ranking, index, delta);
    props.onChange(next);
    const id = ranking[index]!;
    props.onAnnounce(t('polls.ballot.moved', { label: nameOf(id), n: next.indexOf(id) + 1 }));
    // Keep the focus on the same button of the moved option (or its other one at an end).
    const at = next.indexOf(id);
    const dir = delta < 0 ? (at === 0 ? 'down' : 'up') : at === next.length - 1 ? 'up' : 'down';
    focusLater(`rank-${dir}-${id}`);
  };
  return (
    <Stack gap="4" data-testid="poll-ranking">
      <Text fontSize="sm" color="fg.muted" id={props.helpId}>
        {props.help}
      </Text>
      <chakra.fieldset border="0" p="0" m="0" minW="0">
        <chakra.legend fontWeight="medium" mb="2" p="0">
          {t('polls.ballot.ranked')}
        </chakra.legend>
        {ranking.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('polls.ballot.noneRanked')}
          </Text>
        ) : (
          <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
            {ranking.map((id, i) => (
              <HStack as="li" key={id} gap="2" borderWidth="1px" borderColor="brand.solid" rounded="md" px="3" py="1.5" data-testid="poll-ranked-item">
                <Text fontWeight="bold" minW="6" aria-hidden>
                  {i + 1}
                </Text>
                <Text flex="1" minW="0" overflowWrap="anywhere">
                  <Box as="span" srOnly>
                    {t('polls.ballot.rank', { n: i + 1 })}{' '}
                  </Box>
                  {nameOf(id)}
                </Text>
                <IconButton id={`rank-up-${id}`} size="sm" variant="ghost" aria-label={t('polls.ballot.up', { label: nameOf(id) })} disabled={i === 0} onClick={() => move(i, -1)}>
                  <ArrowUp aria-hidden />
                </IconButton>
                <IconButton
                  id={`rank-down-${id}`}
                  size="sm"
                  variant="ghost"
                  aria-label={t('polls.ballot.down', { label: nameOf(id) })}
                  disabled={i === ranking.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown aria-hidden />
                </IconButton>
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('polls.ballot.remove', { label: nameOf(id) })}
                  onClick={() => {
                    props.onChange(ranking.filter((x) => x !== id));
                    focusLater(`rank-add-${id}`);
                  }}
                >
                  <Minus aria-hidden />
                </IconButton>
              </HStack>
            ))}
          </Stack>
        )}
      </chakra.fieldset>
      <chakra.fieldset border="0" p="0" m="0" minW="0">
        <chakra.legend fontWeight="medium" mb="2" p="0">
          {t('polls.ballot.unranked')}
        </chakra.legend>
        {unranked.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('polls.ballot.allRanked')}
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
            {unranked.map((id) => (
              <HStack as="li" key={id} gap="2" borderWidth="1px" borderStyle="dashed" rounded="md" px="3" py="1.5" data-testid="poll-unranked-item">
                <Text flex="1" minW="0" overflowWrap="anywhere">
                  {nameOf(id)}
                </Text>
                <Button
                  id={`rank-add-${id}`}
                  size="sm"
                  variant="outline"
                  aria-label={t('polls.ballot.add', { label: nameOf(id) })}
                  onClick={() => {
                    props.onChange([...ranking, id]);
                    props.onAnnounce(t('polls.ballot.moved', { label: nameOf(id), n: ranking.length + 1 }));
                    const rest = unranked.filter((x) => x !== id);
                    focusLater(rest.length ? `rank-add-${rest[0]}` : `rank-up-${id}`);
                  }}
                >
                  <Plus aria-hidden /> {t('polls.ballot.addButton')}
                </Button>
              </HStack>
            ))}
          </Stack>
        )}
      </chakra.fieldset>
    </Stack>
  );
}
