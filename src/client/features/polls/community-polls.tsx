import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Plus, Vote } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TabEmpty } from '../../components/tab-empty';
import { can } from '@shared/permissions';
import { LoadMore } from '../../components/load-more';
import { useCursorList } from '../../lib/use-cursor-list';
import { CreatePollDialog } from './create-poll-dialog';
import { rowAction } from './model';
import { KindBadge, StatusBadge } from './poll-badges';
import { communityPollsQuery } from './queries';
import type { PollListItem } from './types';
import { ListSkeleton, LoadFailed } from '../../components/list-states';
import { SectionCard } from '../../components/section-card';

/*
 * A community's polls and elections (in its Discussions tab): the ones open now or taking
 * nominations first, then the closed ones, newest first and paged; the managers' Create poll.
 * Each row tells the viewer what they can do: Vote Now, Change Vote, or Voting closed.
 */

export function CommunityPolls({ community: c }: { community: { id: number; name: string; role: string | null } }) {
  const { t } = useTranslation();
  const manager = can(c.role, 'polls.manage');
  const open = useCursorList(communityPollsQuery(c.id, 'open'));
  const nominating = useCursorList(communityPollsQuery(c.id, 'nominating'));
  const closed = useCursorList(communityPollsQuery(c.id, 'closed'));
  const cancelled = useCursorList(communityPollsQuery(c.id, 'cancelled'));
  const pending = open.query.isPending || nominating.query.isPending;
  const failed = open.query.isError || nominating.query.isError;
  const active = [...open.items, ...nominating.items].sort((a, b) => a.closesAt - b.closesAt);
  const nothing = !pending && !failed && active.length === 0 && !closed.query.isPending && closed.items.length === 0 && !closed.query.isError && cancelled.items.length === 0;
  const create = manager && (
    <CreatePollDialog
      communityId={c.id}
      trigger={
        <Button size="sm" colorPalette="brand" data-testid="create-poll">
          <Plus aria-hidden /> {t('polls.section.create')}
        </Button>
      }
    />
  );
  return (
    <SectionCard id="community-polls" title={t('polls.title')} intro={t('polls.section.intro')} actions={create} testId="polls-section">
      {nothing ? (
        <TabEmpty icon={<Vote size={32} aria-hidden />} title={t('polls.section.emptyTitle')} testId="polls-empty">
          {t(manager ? 'polls.section.emptyManager' : 'polls.section.emptyMember')}
        </TabEmpty>
      ) : (
        <Stack gap="8">
          <PollGroup
            title={t('polls.section.active')}
            pending={pending}
            failed={failed}
            retry={() => {
              void open.query.refetch();
              void nominating.query.refetch();
            }}
            retrying={open.query.isFetching || nominating.query.isFetching}
            items={active}
            empty={t('polls.section.noActive')}
            more={
              <>
                <LoadMore query={open.query} size="sm" alignSelf="flex-start" />
                <LoadMore query={nominating.query} size="sm" alignSelf="flex-start" />
              </>
            }
          />
          <PollGroup
            title={t('polls.section.past')}
            pending={closed.query.isPending}
            failed={closed.query.isError}
            retry={() => void closed.query.refetch()}
            retrying={closed.query.isFetching}
            items={closed.items}
            empty={t('polls.section.noPast')}
            more={
              <LoadMore query={closed.query} size="sm" alignSelf="flex-start">
                {t('polls.section.morePast')}
              </LoadMore>
            }
          />
          {cancelled.items.length > 0 && (
            <PollGroup
              title={t('polls.section.cancelled')}
              pending={false}
              failed={false}
              retry={() => void cancelled.query.refetch()}
              retrying={cancelled.query.isFetching}
              items={cancelled.items}
              empty=""
              more={<LoadMore query={cancelled.query} size="sm" alignSelf="flex-start" />}
            />
          )}
        </Stack>
      )}
    </SectionCard>
  );
}

function PollGroup(props: { title: string; pending: boolean; failed: boolean; retry: () => void; retrying: boolean; items: PollListItem[]; empty: string; more: React.ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h3" size="sm" id={id}>
        {props.title}
      </Heading>
      {props.pending ? (
        <ListSkeleton label={t('common.loading')} rows={2} />
      ) : props.failed ? (
        <LoadFailed message={t('polls.section.loadFailed')} retryLabel={t('polls.section.tryAgain')} onRetry={props.retry} retrying={props.retrying} />
      ) : props.items.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {props.empty}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {props.items.map((p) => (
            <PollRow key={p.id} poll={p} />
          ))}
        </Stack>
      )}
      {props.more}
    </Stack>
  );
}

const ACTION = { vote: 'polls.action.vote', change: 'polls.action.change', closed: 'polls.action.closed', view: 'polls.action.view' } as const;

export function PollRow({ poll: p }: { poll: PollListItem }) {
  const { t } = useTranslation();
  const action = rowAction(p);
  return (
    <Box as="li" borderWidth="1px" rounded="md" p={{ base: '3', sm: '4' }} data-testid="poll-row" data-poll-id={p.id}>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="space-between" align={{ base: 'stretch', sm: 'center' }}>
        <Stack gap="1.5" minW="0" flex="1">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {p.title}
          </Text>
          <HStack gap="2" flexWrap="wrap" fontSize="sm">
            <KindBadge kind={p.kind} />
            <StatusBadge poll={p} />
            <Text color="fg.muted" fontSize="sm" data-testid="poll-voters">
              {t('polls.voterCount', { count: p.voterCount })}
            </Text>
          </HStack>
        </Stack>
        <Button asChild size="sm" flexShrink={0} variant={action === 'vote' ? 'solid' : 'outline'} colorPalette={action === 'vote' ? 'brand' : 'gray'} data-testid="poll-row-action">
          <Link to="/polls/$id" params={{ id: String(p.id) }} aria-label={t('polls.section.rowLabel', { title: p.title, action: t(ACTION[action]) })}>
            {t(ACTION[action])}
          </Link>
        </Button>
      </Stack>
    </Box>
  );
}
