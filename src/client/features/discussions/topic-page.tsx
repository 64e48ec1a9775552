import { Alert, Box, Button, Card, Container, Heading, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import { useInfiniteQuery, useMutation, useQueryClient, type UseInfiniteQueryResult, type InfiniteData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/markdown';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { mentionsToMarkdown } from './mentions';
import {  topicQuery } from './queries';
import type {  TopicPage as TopicData } from './shared';
import { TopicPolls } from './topic-polls';
import { FollowSelect, ModerationCard, TopicHeader } from './topic-header';
import { RepliesSection } from './topic-replies';
import { Composer } from './topic-composer';


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
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useInfiniteQuery({ ...topicQuery(valid ? id : 0), enabled: valid }) as Query;
  if (!valid) return <TopicUnavailable />;
  if (q.isPending) {
    return (
      <Container maxW="4xl" py={{ base: '4', md: '8' }} px={{ base: '3', sm: '4' }} aria-busy="true" aria-label={t('discussions.page.loading')} data-testid="topic-loading">
        <Skeleton h="5" w="32" mb="4" />
        <Skeleton h="10" w="70%" mb="3" />
        <Skeleton h="5" w="40%" mb="6" />
        <Skeleton h="40" rounded="lg" mb="6" />
        <Skeleton h="24" rounded="lg" />
      </Container>
    );
  }
  if (q.isError) {
    const info = errorInfo(q.error);
    if (info.status === 404 || info.status === 403) return <TopicUnavailable />;
    return (
      <Container maxW="4xl" py="8" px={{ base: '3', sm: '4' }}>
        <Alert.Root status="error" flexWrap="wrap">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('discussions.page.loadFailed')}</Alert.Title>
            <Alert.Description>{info.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
            {t('discussions.page.tryAgain')}
          </Button>
        </Alert.Root>
      </Container>
    );
  }
  return <TopicView key={id} query={q} />;
}

function TopicUnavailable() {
  const { t } = useTranslation();
  return (
    <VStack py="24" gap="4" textAlign="center" px="4" data-testid="topic-not-found">
      <Heading as="h1" size="2xl">
        {t('discussions.page.notFoundTitle')}
      </Heading>
      <Text color="fg.muted" maxW="md">
        {t('discussions.page.notFoundBody')}
      </Text>
      <Button asChild colorPalette="brand">
        <Link to="/communities">{t('discussions.page.back')}</Link>
      </Button>
    </VStack>
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
    <Container maxW="4xl" py={{ base: '4', md: '8' }} px={{ base: '3', sm: '4' }} data-testid="topic-page" data-topic-id={topic.id}>
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
    </Container>
  );
}

