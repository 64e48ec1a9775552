import { Badge, Box, Button, chakra, HStack, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import type { PollResult } from '@shared/polls/tally';
import { currentLocale } from '../../i18n';
import { errorInfo } from '../../lib/errors';
import { formatDateTime, formatPercent } from '../../lib/format';
import { roundsTable, sharePercent } from './model';
import { useOptionLabel } from './poll-badges';
import { pollResultsCsvUrl, pollResultsQuery, pollVotersQuery } from './queries';
import type { PollDetail } from './types';

/*
 * The results as the poll shows them: counts, shares of the ballots to one decimal and bars; a
 * ranked poll's instant-runoff rounds; the winner, those elected or the tie; the CSV; how each
 * member voted (named polls); and who voted (never how, when anonymous).
 */

export function ResultsCard({ poll: p }: { poll: PollDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const q = useQuery(pollResultsQuery(p.id));
  const label = useOptionLabel();
  const csv = q.data?.visible && (
    <Button asChild size="xs" variant="outline">
      <Link href={pollResultsCsvUrl(p.id)} download data-testid="poll-results-csv">
        <Download aria-hidden /> {t('polls.results.csv')}
      </Link>
    </Button>
  );
  return (
    <SectionCard id={id} title={t('polls.results.title')} actions={csv} testId="poll-results">
      {q.isPending ? (
        <Stack gap="3" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h="8" />
          <Skeleton h="8" />
        </Stack>
      ) : q.isError ? (
        <HStack gap="3" role="alert" flexWrap="wrap">
          <Text color="fg.error" fontSize="sm">
            {t('polls.results.loadFailed')} {errorInfo(q.error).message}
          </Text>
          <Button size="xs" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
            {t('polls.page.tryAgain')}
          </Button>
        </HStack>
      ) : !q.data.visible ? (
        <Stack gap="1" data-testid="poll-results-hidden">
          <Text>{t('polls.results.hidden')}</Text>
          <Text color="fg.muted" fontSize="sm">
            {t('polls.voterCount', { count: q.data.voterCount })}
          </Text>
        </Stack>
      ) : (
        <ResultView
          poll={p}
          status={q.data.status}
          result={q.data.result}
          options={q.data.options.map((o) => ({ id: o.id, label: label(p.kind, o.label) }))}
          votes={q.data.votes}
          hash={q.data.ballotsHash}
        />
      )}
    </SectionCard>
  );
}

function ResultView(props: {
  poll: PollDetail;
  status: string;
  result: PollResult;
  options: { id: number; label: string }[];
  votes: { userId: string; name: string; choices: number[] }[] | null;
  hash: string | null;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { result: r, options, poll: p } = props;
  const final = props.status === 'closed';
  const nameOf = new Map(options.map((o) => [o.id, o.label]));
  const names = (ids: number[]) => ids.map((id) => nameOf.get(id) ?? '').join(', ');
  const top = Math.max(1, ...r.counts.map((c) => c.votes));
  const winners = new Set(r.winners);
  const several = p.kind === 'multiple' || p.kind === 'election';

  let summary: string;
  if (r.ballots === 0) summary = t('polls.results.none');
  else if (p.kind === 'election') summary = r.winners.length ? t(final ? 'polls.results.elected' : 'polls.results.leading', { names: names(r.winners) }) : t('polls.results.noWinner');
  else if (r.tied.length) summary = t('polls.results.tie', { names: names(r.tied) });
  else if (r.winners.length === 1) summary = final ? t('polls.results.winner', { name: names(r.winners) }) : t('polls.results.leading', { names: names(r.winners) });
  else if (r.winners.length > 1) summary = final ? t('polls.results.winners', { names: names(r.winners) }) : t('polls.results.leading', { names: names(r.winners) });
  else summary = t('polls.results.noWinner');

  return (
    <Stack gap="5">
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted">
          {final ? t('polls.results.final') : t('polls.results.live')} · {t('polls.results.ballots', { count: r.ballots })}
        </Text>
        <Text fontWeight="semibold" role="status" data-testid="poll-results-summary">
          {summary}
        </Text>
        {p.kind === 'election' && r.tied.length > 0 && (
          <Text fontSize="sm" color="fg.warning" data-testid="poll-results-tie">
            {t('polls.results.electedTie', { names: names(r.tied) })}
          </Text>
        )}
      </Stack>

      <Stack gap="3">
        {p.kind === 'ranked' && (
          <Text fontWeight="medium" fontSize="sm">
            {t('polls.results.firstPreferences')}
          </Text>
        )}
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {r.counts.map((c) => {
            const percent = sharePercent(c.votes, r.ballots);
            const pct = formatPercent(percent / 100, { locale, minDigits: 1, maxDigits: 1 });
            const won = winners.has(c.optionId) && (final || p.kind !== 'ranked');
            const votes = t('polls.results.votes', { count: c.votes });
            return (
              <Box as="li" key={c.optionId} data-testid="poll-result-row" data-option-id={c.optionId}>
                <HStack justify="space-between" gap="3" align="baseline">
                  <HStack gap="2" minW="0" flexWrap="wrap">
                    <Text fontWeight={won ? 'semibold' : 'normal'} overflowWrap="anywhere">
                      {nameOf.get(c.optionId)}
                    </Text>
                    {won && final && (
                      <Badge colorPalette="green" variant="solid" size="sm">
                        {t(p.kind === 'election' ? 'polls.results.electedBadge' : 'polls.results.winnerBadge')}
                      </Badge>
                    )}
                  </HStack>
                  <Text fontSize="sm" color="fg.muted" flexShrink={0} fontVariantNumeric="tabular-nums">
                    {votes} · <span data-testid="poll-result-percent">{pct}</span>
                  </Text>
                </HStack>
                <Box h="2" bg="bg.muted" rounded="full" mt="1" overflow="hidden" aria-hidden>
                  <Box h="full" w={`${(c.votes / top) * 100}%`} bg={won ? 'green.solid' : 'brand.solid'} rounded="full" transition="width 0.3s" />
                </Box>
              </Box>
            );
          })}
        </Stack>
        {several && (
          <Text fontSize="xs" color="fg.muted">
            {t('polls.results.shareOfBallots')}
          </Text>
        )}
      </Stack>

      {p.kind === 'ranked' && r.ballots > 0 && r.rounds && r.rounds.length > 0 && <RoundsTable rounds={r.rounds} options={options} />}

      {props.votes && props.votes.length > 0 && (
        <chakra.details borderWidth="1px" rounded="md" px="3" py="2" data-testid="poll-named-votes">
          <chakra.summary cursor="pointer" fontWeight="medium">
            {t('polls.results.howVoted')}
          </chakra.summary>
          <Stack as="ul" gap="1" listStyleType="none" m="0" mt="2" p="0" fontSize="sm">
            {props.votes.map((v) => (
              <li key={v.userId}>
                <Text as="span" fontWeight="medium">
                  {v.name}
                </Text>
                {' — '}
                {v.choices.map((c) => nameOf.get(c) ?? '').join(p.kind === 'ranked' ? ' > ' : ', ')}
              </li>
            ))}
          </Stack>
        </chakra.details>
      )}

      {props.hash && (
        <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere" fontFamily="mono" data-testid="poll-ballots-hash">
          {t('polls.results.hash', { hash: props.hash })}
        </Text>
      )}
    </Stack>
  );
}

function RoundsTable({ rounds, options }: { rounds: NonNullable<PollResult['rounds']>; options: { id: number; label: string }[] }) {
  const { t } = useTranslation();
  const model = roundsTable(rounds, options);
  const id = useId();
  return (
    <Stack gap="2" data-testid="ranked-rounds">
      <Text fontWeight="medium" fontSize="sm" id={id}>
        {t('polls.results.rounds')}
      </Text>
      {/* A wide table scrolls inside its own box on a phone instead of widening the page. */}
      <Box overflowX="auto" maxW="full" borderWidth="1px" rounded="md" tabIndex={0} aria-labelledby={id} role="region">
        <Table.Root size="sm" variant="line">
          <Table.Caption captionSide="bottom" textAlign="start" fontSize="xs" color="fg.muted" py="2" px="3">
            {t('polls.results.roundsCaption')}
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">{t('polls.results.option')}</Table.ColumnHeader>
              {model.rounds.map((n) => (
                <Table.ColumnHeader key={n} scope="col" textAlign="end" whiteSpace="nowrap">
                  {t('polls.results.round', { n })}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {model.rows.map((row) => (
              <Table.Row key={row.optionId} data-testid="ranked-round-row">
                <Table.ColumnHeader scope="row" fontWeight="medium" minW="32">
                  <Stack gap="0.5">
                    <span>{row.label}</span>
                    {row.eliminatedIn !== null && (
                      <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
                        {t('polls.results.eliminated', { n: row.eliminatedIn })}
                      </Text>
                    )}
                  </Stack>
                </Table.ColumnHeader>
                {row.counts.map((c, i) => (
                  <Table.Cell key={i} textAlign="end" fontVariantNumeric="tabular-nums" color={c === null ? 'fg.subtle' : undefined}>
                    {c === null ? t('polls.results.out') : c}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
            <Table.Row>
              <Table.ColumnHeader scope="row" fontWeight="normal" color="fg.muted">
                {t('polls.results.exhausted')}
              </Table.ColumnHeader>
              {model.exhausted.map((x, i) => (
                <Table.Cell key={i} textAlign="end" fontVariantNumeric="tabular-nums" color="fg.muted" data-testid="ranked-exhausted">
                  {x}
                </Table.Cell>
              ))}
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Box>
      {model.tieBreaks.map((tb, i) =>
        tb ? (
          <Text key={i} fontSize="xs" color="fg.muted">
            {t('polls.results.tieBreak', { n: model.rounds[i] })}
          </Text>
        ) : null,
      )}
    </Stack>
  );
}

/** Who voted (names; a named poll also when), for every member; fetched when asked. */
export function VotersCard({ poll: p }: { poll: PollDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const q = useQuery({ ...pollVotersQuery(p.id), enabled: open });
  const toggle = (
    <Button size="xs" variant="outline" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={`${id}-list`} data-testid="poll-voters-toggle">
      {open ? t('polls.voters.hide') : t('polls.voters.show')}
    </Button>
  );
  return (
    <SectionCard
      id={id}
      title={t('polls.voters.title')}
      intro={`${t('polls.voterCount', { count: p.voterCount })}${p.anonymous ? ` · ${t('polls.voters.anonymousNote')}` : ''}`}
      actions={toggle}
      bodyProps={{ id: `${id}-list` }}
      testId="poll-voters-card"
    >
      {open ? (
        <>
          {q.isPending ? (
            <Skeleton h="12" role="status" aria-busy="true" aria-label={t('common.loading')} />
          ) : q.isError ? (
            <HStack gap="3" role="alert" flexWrap="wrap">
              <Text color="fg.error" fontSize="sm">
                {t('polls.voters.loadFailed')}
              </Text>
              <Button size="xs" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
                {t('polls.page.tryAgain')}
              </Button>
            </HStack>
          ) : q.data.voters.length === 0 ? (
            <Text color="fg.muted">{t('polls.voters.none')}</Text>
          ) : (
            <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" data-testid="poll-voters-list">
              {q.data.voters.map((v) => (
                <HStack as="li" key={v.userId} justify="space-between" gap="3" flexWrap="wrap">
                  <Text>{v.name}</Text>
                  {v.votedAt !== null && (
                    <Text fontSize="sm" color="fg.muted">
                      {formatDateTime(v.votedAt)}
                    </Text>
                  )}
                </HStack>
              ))}
            </Stack>
          )}
        </>
      ) : undefined}
    </SectionCard>
  );
}
