import { Badge, Box, Button, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { MessageSquare, MessagesSquare, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabEmpty } from '../../components/tab-empty';
import { LoadMore } from '../../components/load-more';
import { formatRelative } from '../../lib/format';
import { useCursorList } from '../../lib/use-cursor-list';
import { communityTopicsQuery } from './queries';
import type { TopicListItem } from './types';
import { TopicBadges, UnreadMarker } from './topic-badges';
import { CreateTopicDialog } from './topic-form-dialog';
import { SearchBox } from '../../components/search-box';
import { ListSkeleton, LoadFailed } from '../../components/list-states';
import { realName } from '../../lib/person-name';
import { SectionCard } from '../../components/section-card';

/*
 * A community's discussion topics (first in its Discussions tab): a search over titles, bodies and
 * replies (the server's), New topic for every member, and the topics, pinned first then by last
 * activity, each with its starter, replies, last activity and an unread marker; paged.
 */

export function CommunityTopics({ community: c }: { community: { id: number; name: string } }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useCursorList(communityTopicsQuery(c.id, search));
  const q = list.query;
  const newTopic = (
    <CreateTopicDialog
      communityId={c.id}
      trigger={
        <Button size="sm" colorPalette="brand" data-testid="new-topic">
          <Plus aria-hidden /> {t('discussions.section.newTopic')}
        </Button>
      }
    />
  );
  const searchBox = (
    <Box role="search" w="full">
      <SearchBox
        typed={typed}
        onType={setTyped}
        onSearch={setSearch}
        label={t('discussions.section.search')}
        placeholder={t('discussions.section.searchPlaceholder')}
        clearLabel={t('discussions.section.clearSearch')}
        testId="topics-search"
      />
    </Box>
  );
  return (
    <SectionCard id="community-topics" title={t('discussions.title')} intro={t('discussions.section.intro')} actions={newTopic} toolbar={searchBox} testId="topics-section">
      {q.isPending ? (
        <ListSkeleton label={t('common.loading')} />
      ) : q.isError ? (
        <LoadFailed message={t('discussions.section.loadFailed')} retryLabel={t('discussions.section.tryAgain')} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : list.items.length === 0 ? (
        search ? (
          <Text color="fg.muted" fontSize="sm" py="4" role="status" data-testid="topics-no-results">
            {t('discussions.section.noResults', { search })}
          </Text>
        ) : (
          <TabEmpty icon={<MessagesSquare size={32} aria-hidden />} title={t('discussions.section.emptyTitle')} testId="topics-empty">
            {t('discussions.section.emptyBody')}
          </TabEmpty>
        )
      ) : (
        <Stack gap="3">
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-busy={q.isFetching && !q.isFetchingNextPage}>
            {list.items.map((topic) => (
              <TopicRow key={topic.id} topic={topic} />
            ))}
          </Stack>
          <LoadMore query={q} size="sm" alignSelf="flex-start">
            {t('discussions.section.more')}
          </LoadMore>
        </Stack>
      )}
    </SectionCard>
  );
}

function TopicRow({ topic: x }: { topic: TopicListItem }) {
  const { t } = useTranslation();
  const starter = realName(x.starter?.name) ?? t('discussions.formerMemberInline');
  return (
    <Box as="li" borderWidth="1px" rounded="md" p={{ base: '3', sm: '4' }} position="relative" _hover={{ bg: 'bg.subtle' }} data-testid="topic-row" data-topic-id={x.id} data-unread={x.unread}>
      <Stack gap="1.5" minW="0">
        <HStack gap="2" align="flex-start" justify="space-between">
          <ChakraLink asChild fontWeight={x.unread ? 'bold' : 'semibold'} overflowWrap="anywhere" minW="0" color="fg">
            {/* The whole row is the link's target (its ::after covers the row); the title is the link's name. */}
            <Link to="/topics/$id" params={{ id: String(x.id) }} data-testid="topic-link">
              <Box as="span" _after={{ content: '""', position: 'absolute', inset: '0', rounded: 'md' }}>
                {x.title}
              </Box>
            </Link>
          </ChakraLink>
          {x.unread && <UnreadMarker />}
        </HStack>
        <HStack gap="2" flexWrap="wrap">
          <TopicBadges topic={x} />
          {x.category && (
            <Badge variant="outline" data-testid="topic-category">
              {x.category}
            </Badge>
          )}
        </HStack>
        <HStack gap="1" flexWrap="wrap" color="fg.muted" fontSize="sm" columnGap="3">
          <Text>{t('discussions.by', { name: starter })}</Text>
          <HStack gap="1" as="span">
            <MessageSquare size={14} aria-hidden />
            <Text as="span" data-testid="topic-reply-count">
              {t('discussions.replyCount', { count: x.replyCount })}
            </Text>
          </HStack>
          <Text>
            <time dateTime={new Date(x.lastActivityAt).toISOString()}>{t('discussions.lastActivity', { time: formatRelative(x.lastActivityAt) })}</time>
          </Text>
        </HStack>
      </Stack>
    </Box>
  );
}
