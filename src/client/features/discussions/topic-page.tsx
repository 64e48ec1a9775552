import { Box, Card, Skeleton, Stack } from '@chakra-ui/react';
import { useInfiniteQuery, useMutation, useQueryClient, type UseInfiniteQueryResult, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/markdown';
import { trpc } from '../../trpc';
import { mentionsToMarkdown } from './mentions';
import { topicQuery } from './queries';
import type { TopicPage as TopicData } from './types';
import { TopicPolls } from './topic-polls';
import { FollowSelect, ModerationCard, TopicHeader } from './topic-header';
import { RepliesSection } from './topic-replies';
import { Composer } from './topic-composer';
import { PageFrame, PageUnavailable, RecordPage, isRecordId } from '../../components/record-page';

/*
 * One topic: its title, community, starter, body (Markdown, mentions shown as @Name), the
 * viewer's follow setting, the replies (flat, oldest first, paged) and the reply composer (with
 * quotes and @mentions; disabled while the topic is locked). Authors edit and delete their own
 * posts; moderators (the server's canModerate) pin, lock, hide and delete any, with a reason.
 * Opening the page marks the topic read (a mutation: reading changes nothing on the server).
 */

export type TopicQuery = UseInfiniteQueryResult<InfiniteData<TopicData, number | null | undefined>>;
type Query = TopicQuery;
export type QuoteTarget = { id: number; name: string; excerpt: string };

export function TopicPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const valid = isRecordId(id);
  const q = useInfiniteQuery({ ...topicQuery(valid ? id : 0), enabled: valid }) as Query;
  return (
    <RecordPage
      valid={valid}
      query={q}
      maxW="4xl"
      loading={t('discussions.page.loading')}
      testId="topic"
      skeleton={
        <>
          <Skeleton h="40" rounded="lg" mb="6" />
          <Skeleton h="24" rounded="lg" />
        </>
      }
      failed={t('discussions.page.loadFailed')}
      retry={t('discussions.page.tryAgain')}
      notFound={
        <PageUnavailable
          title={t('discussions.page.notFoundTitle')}
          body={t('discussions.page.notFoundBody')}
          back={{ to: '/communities', label: t('discussions.page.back') }}
          testId="topic-not-found"
        />
      }
    >
      {() => <TopicView key={id} query={q} />}
    </RecordPage>
  );
}

/** Opening the topic is reading it: marked read once, then the lists (their unread markers) refreshed. */
function useMarkRead(id: number) {
  const queryClient = useQueryClient();
  const markRead = useMutation(trpc.discussions.markRead.mutationOptions());
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (done.current === id) return;
    done.current = id;
    markRead
      .mutateAsync({ id })
      .then(() => queryClient.invalidateQueries({ queryKey: trpc.discussions.list.pathKey() }))
      .catch(() => undefined);
    // Once per topic opened: the mutation object is new on every render.
  }, [id]);
}

function TopicView({ query: q }: { query: Query }) {
  const pages = q.data!.pages;
  const topic = pages[pages.length - 1]!;
  const replies = useMemo(() => pages.flatMap((p) => p.replies.items), [pages]);
  useMarkRead(topic.id);
  const [quote, setQuote] = useState<QuoteTarget | null>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const quoteReply = (r: QuoteTarget) => {
    setQuote(r);
    composer.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    composer.current?.focus({ preventScroll: true });
  };
  return (
    <PageFrame maxW="4xl" data-testid="topic-page" data-topic-id={topic.id}>
      <Stack gap="6">
        <TopicHeader topic={topic} />
        <Card.Root as="article" aria-labelledby="topic-title">
          <Card.Body>
            <Box overflowWrap="anywhere" data-testid="topic-body">
              <Markdown source={mentionsToMarkdown(topic.body)} />
            </Box>
          </Card.Body>
        </Card.Root>
        <TopicPolls topic={topic} />
        <FollowSelect topic={topic} />
        {topic.canModerate && <ModerationCard topic={topic} />}
        <RepliesSection topic={topic} replies={replies} query={q} onQuote={quoteReply} />
        <Composer topic={topic} quote={quote} onClearQuote={() => setQuote(null)} textarea={composer} />
      </Stack>
    </PageFrame>
  );
}
