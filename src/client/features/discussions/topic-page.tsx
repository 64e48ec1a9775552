import { Alert, Badge, Box, Button, Card, chakra, Container, Field, Heading, HStack, Link as ChakraLink, NativeSelect, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import { useInfiniteQuery, useMutation, useQueryClient, type UseInfiniteQueryResult, type InfiniteData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, EyeOff, Lock, MessageSquareQuote, Pencil, Pin, Quote, Trash2, Unlock, X } from 'lucide-react';
import { EmptyNote } from '../../components/empty-state';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLLOW_MODES, mentionsAsText, POST_BODY_MAX, type FollowMode } from '@shared/discussions/rules';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadMore } from '../../components/load-more';
import { Markdown } from '../../components/markdown';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDateTime, formatRelative } from '../../lib/format';
import { trpc } from '../../trpc';
import { MentionTextarea } from './mention-textarea';
import { mentionsToMarkdown } from './mentions';
import { refreshDiscussions, topicQuery } from './queries';
import { ReasonDialog } from './reason-dialog';
import type { Reply, TopicPage as TopicData } from './shared';
import { EditedMarker, TopicBadges } from './topic-bits';
import { EditTopicDialog } from './topic-form-dialog';
import { TopicPolls } from './topic-polls';
import { useDiscussionAction } from './use-discussion-action';
import { realName } from '../../lib/person-name';

/*
 * One topic: its title, community, starter, body (Markdown, mentions shown as @Name), the
 * viewer's follow setting, the replies (flat, oldest first, paged) and the reply composer (with
 * quotes and @mentions; disabled while the topic is locked). Authors edit and delete their own
 * posts; moderators (the server's canModerate) pin, lock, hide and delete any, with a reason.
 * Opening the page marks the topic read (a mutation: reading changes nothing on the server).
 */

type Query = UseInfiniteQueryResult<InfiniteData<TopicData, number | null | undefined>>;
type QuoteTarget = { id: number; name: string; excerpt: string };

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

function TopicHeader({ topic: x }: { topic: TopicData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const run = useDiscussionAction();
  const remove = useMutation(trpc.discussions.delete.mutationOptions());
  return (
    <Stack gap="3">
      <ChakraLink asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
        <Link to="/community/$id" params={{ id: String(x.community.id) }} search={{ tab: 'discussions' }} data-testid="topic-community-link">
          <ArrowLeft size={14} aria-hidden /> {t('discussions.page.in', { community: x.community.name })}
        </Link>
      </ChakraLink>
      <Heading as="h1" id="topic-title" size={{ base: 'xl', md: '2xl' }} overflowWrap="anywhere" data-testid="topic-title">
        {x.title}
      </Heading>
      <HStack gap="2" flexWrap="wrap">
        <TopicBadges topic={x} />
        {x.category && <Badge variant="outline">{x.category}</Badge>}
      </HStack>
      <HStack gap="2" flexWrap="wrap" color="fg.muted" fontSize="sm">
        <Text>
          {t('discussions.by', { name: realName(x.author?.name) ?? t('discussions.formerMemberInline') })} ·{' '}
          <time dateTime={new Date(x.createdAt).toISOString()} title={formatDateTime(x.createdAt)}>
            {formatRelative(x.createdAt)}
          </time>
        </Text>
        {x.edited && <EditedMarker at={x.editedAt} />}
      </HStack>
      {x.hidden && (
        <Alert.Root status="warning" data-testid="topic-hidden">
          <Alert.Indicator>
            <EyeOff />
          </Alert.Indicator>
          <Alert.Title fontWeight="normal">{x.hideReason ? t('discussions.page.hiddenTopic', { reason: x.hideReason }) : t('discussions.page.hiddenTopicNoReason')}</Alert.Title>
        </Alert.Root>
      )}
      {x.mine && (
        <HStack gap="2" flexWrap="wrap">
          <EditTopicDialog
            communityId={x.community.id}
            topic={x}
            trigger={
              <Button size="sm" variant="outline" data-testid="topic-edit">
                <Pencil aria-hidden /> {t('discussions.page.edit')}
              </Button>
            }
          />
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" colorPalette="red" data-testid="topic-delete">
                <Trash2 aria-hidden /> {t('discussions.page.delete')}
              </Button>
            }
            title={t('discussions.page.deleteTitle')}
            description={t('discussions.page.deleteBody')}
            confirmLabel={t('discussions.page.deleteConfirm')}
            onConfirm={async () => {
              const ok = await run(() => remove.mutateAsync({ id: x.id }), t('discussions.page.deleteFailed'), t('discussions.page.deleted'));
              if (!ok) throw new Error('failed');
              void navigate({ to: '/community/$id', params: { id: String(x.community.id) }, search: { tab: 'discussions' } });
            }}
          />
        </HStack>
      )}
    </Stack>
  );
}

const FOLLOW_LABEL = { following: 'discussions.follow.following', none: 'discussions.follow.none', muted: 'discussions.follow.muted' } as const satisfies Record<FollowMode, string>;

function FollowSelect({ topic: x }: { topic: TopicData }) {
  const { t } = useTranslation();
  const run = useDiscussionAction();
  const follow = useMutation(trpc.discussions.follow.mutationOptions());
  const [mode, setMode] = useState<FollowMode>(x.follow);
  useEffect(() => setMode(x.follow), [x.follow]);
  return (
    <Field.Root maxW={{ base: 'full', sm: 'sm' }}>
      <Field.Label>{t('discussions.follow.label')}</Field.Label>
      <NativeSelect.Root size="sm" disabled={follow.isPending}>
        <NativeSelect.Field
          value={mode}
          data-testid="topic-follow"
          onChange={(e) => {
            const next = e.target.value as FollowMode;
            const before = mode;
            setMode(next);
            void run(() => follow.mutateAsync({ id: x.id, mode: next }), t('discussions.follow.failed'), t('discussions.follow.saved')).then((ok) => {
              if (!ok) setMode(before);
            });
          }}
        >
          {FOLLOW_MODES.map((m) => (
            <option key={m} value={m}>
              {t(FOLLOW_LABEL[m])}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{t('discussions.follow.help')}</Field.HelperText>
    </Field.Root>
  );
}

function ModerationCard({ topic: x }: { topic: TopicData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const run = useDiscussionAction();
  const pin = useMutation(trpc.discussions.pin.mutationOptions());
  const lock = useMutation(trpc.discussions.lock.mutationOptions());
  const hide = useMutation(trpc.discussions.hideTopic.mutationOptions());
  const remove = useMutation(trpc.discussions.removeTopic.mutationOptions());
  const failed = t('discussions.moderate.failed');
  return (
    <Card.Root as="section" aria-labelledby="topic-moderation" variant="subtle" data-testid="topic-moderation">
      <Card.Header pb="2">
        <Heading as="h2" size="sm" id="topic-moderation">
          {t('discussions.moderate.title')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('discussions.moderate.intro')}
        </Text>
      </Card.Header>
      <Card.Body pt="2">
        <HStack gap="2" flexWrap="wrap">
          <ReasonDialog
            optional
            trigger={
              <Button size="sm" variant="outline" data-testid="topic-pin">
                <Pin aria-hidden /> {t(x.isPinned ? 'discussions.moderate.unpin' : 'discussions.moderate.pin')}
              </Button>
            }
            title={t(x.isPinned ? 'discussions.moderate.unpinTitle' : 'discussions.moderate.pinTitle')}
            description={t(x.isPinned ? 'discussions.moderate.unpinBody' : 'discussions.moderate.pinBody')}
            confirmLabel={t(x.isPinned ? 'discussions.moderate.unpin' : 'discussions.moderate.pin')}
            onConfirm={(reason) => run(() => pin.mutateAsync({ id: x.id, pinned: !x.isPinned, reason }), failed, t(x.isPinned ? 'discussions.moderate.unpinned' : 'discussions.moderate.pinned'))}
          />
          <ReasonDialog
            trigger={
              <Button size="sm" variant="outline" data-testid="topic-lock">
                {x.isLocked ? <Unlock aria-hidden /> : <Lock aria-hidden />} {t(x.isLocked ? 'discussions.moderate.unlock' : 'discussions.moderate.lock')}
              </Button>
            }
            title={t(x.isLocked ? 'discussions.moderate.unlockTitle' : 'discussions.moderate.lockTitle')}
            description={t(x.isLocked ? 'discussions.moderate.unlockBody' : 'discussions.moderate.lockBody')}
            confirmLabel={t(x.isLocked ? 'discussions.moderate.unlock' : 'discussions.moderate.lock')}
            onConfirm={(reason) =>
              run(() => lock.mutateAsync({ id: x.id, locked: !x.isLocked, reason: reason! }), failed, t(x.isLocked ? 'discussions.moderate.unlockedDone' : 'discussions.moderate.lockedDone'))
            }
          />
          <ReasonDialog
            trigger={
              <Button size="sm" variant="outline" data-testid="topic-hide">
                <EyeOff aria-hidden /> {t(x.hidden ? 'discussions.moderate.unhide' : 'discussions.moderate.hide')}
              </Button>
            }
            title={t(x.hidden ? 'discussions.moderate.unhideTopicTitle' : 'discussions.moderate.hideTopicTitle')}
            description={t(x.hidden ? 'discussions.moderate.unhideTopicBody' : 'discussions.moderate.hideTopicBody')}
            confirmLabel={t(x.hidden ? 'discussions.moderate.unhide' : 'discussions.moderate.hide')}
            onConfirm={(reason) => run(() => hide.mutateAsync({ id: x.id, hidden: !x.hidden, reason: reason! }), failed, t(x.hidden ? 'discussions.moderate.shown' : 'discussions.moderate.hidden'))}
          />
          <ReasonDialog
            destructive
            trigger={
              <Button size="sm" variant="outline" colorPalette="red" data-testid="topic-remove">
                <Trash2 aria-hidden /> {t('discussions.moderate.remove')}
              </Button>
            }
            title={t('discussions.moderate.removeTopicTitle')}
            description={t('discussions.moderate.removeTopicBody')}
            confirmLabel={t('discussions.moderate.remove')}
            onConfirm={async (reason) => {
              const ok = await run(() => remove.mutateAsync({ id: x.id, reason: reason! }), failed, t('discussions.moderate.removed'));
              if (ok) void navigate({ to: '/community/$id', params: { id: String(x.community.id) }, search: { tab: 'discussions' } });
              return ok;
            }}
          />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function RepliesSection(props: { topic: TopicData; replies: Reply[]; query: Query; onQuote: (q: QuoteTarget) => void }) {
  const { t } = useTranslation();
  const { topic: x, replies } = props;
  return (
    <Stack as="section" aria-labelledby="topic-replies" gap="3">
      <Heading as="h2" size="md" id="topic-replies">
        {t('discussions.replies.title')}{' '}
        <Text as="span" color="fg.muted" fontWeight="normal" fontSize="sm">
          ({t('discussions.replies.count', { count: x.replyCount })})
        </Text>
      </Heading>
      {replies.length === 0 ? (
        <EmptyNote icon={<MessageSquareQuote />} testId="replies-empty">
          {t('discussions.replies.empty')}
        </EmptyNote>
      ) : (
        <Stack as="ol" gap="3" listStyleType="none" m="0" p="0">
          {replies.map((r) => (
            <ReplyRow key={r.id} reply={r} topic={x} onQuote={props.onQuote} />
          ))}
        </Stack>
      )}
      <LoadMore query={props.query} size="sm" alignSelf="flex-start">
        {t('discussions.replies.more')}
      </LoadMore>
    </Stack>
  );
}

function ReplyRow({ reply: r, topic: x, onQuote }: { reply: Reply; topic: TopicData; onQuote: (q: QuoteTarget) => void }) {
  const { t } = useTranslation();
  const run = useDiscussionAction();
  const [editing, setEditing] = useState(false);
  const name = realName(r.author?.name) ?? t('discussions.formerMember');
  const del = useMutation(trpc.discussions.deleteReply.mutationOptions());
  const hide = useMutation(trpc.discussions.hideReply.mutationOptions());
  const remove = useMutation(trpc.discussions.removeReply.mutationOptions());
  const failed = t('discussions.moderate.failed');

  if (r.hidden && r.body === null) {
    return (
      <Box as="li" borderWidth="1px" borderStyle="dashed" rounded="md" px="4" py="3" color="fg.muted" fontSize="sm" data-testid="reply-row" data-reply-id={r.id} data-hidden="true">
        <HStack gap="2">
          <EyeOff size={14} aria-hidden />
          <Text fontStyle="italic">{t('discussions.replies.hidden')}</Text>
        </HStack>
      </Box>
    );
  }
  return (
    <Box as="li" borderWidth="1px" rounded="md" p={{ base: '3', sm: '4' }} bg={r.hidden ? 'bg.muted' : undefined} data-testid="reply-row" data-reply-id={r.id} data-hidden={r.hidden}>
      <Stack gap="2" minW="0">
        <HStack gap="2" flexWrap="wrap" fontSize="sm">
          <Text fontWeight="semibold">{name}</Text>
          <Text color="fg.muted">
            <time dateTime={new Date(r.createdAt).toISOString()} title={formatDateTime(r.createdAt)}>
              {formatRelative(r.createdAt)}
            </time>
          </Text>
          {r.edited && <EditedMarker at={r.editedAt} />}
        </HStack>
        {r.hidden && (
          <Text color="fg.error" fontSize="sm" data-testid="reply-hidden-reason">
            {r.hideReason ? t('discussions.replies.hiddenReason', { reason: r.hideReason }) : t('discussions.replies.hidden')}
          </Text>
        )}
        {r.quoted && (
          <Box as="blockquote" borderStartWidth="3px" borderColor="border.emphasized" ps="3" py="1" color="fg.muted" fontSize="sm" data-testid="reply-quote">
            {r.quoted.excerpt !== null ? (
              <>
                <Text fontWeight="medium">{t('discussions.replies.quotedBy', { name: realName(r.quoted.author) ?? t('discussions.formerMember') })}</Text>
                <Text overflowWrap="anywhere" lineClamp={4}>
                  {mentionsAsText(r.quoted.excerpt)}
                </Text>
              </>
            ) : (
              <Text fontStyle="italic">{t('discussions.replies.quoteGone')}</Text>
            )}
          </Box>
        )}
        {editing ? (
          <EditReply reply={r} communityId={x.community.id} onDone={() => setEditing(false)} />
        ) : (
          <Box overflowWrap="anywhere" data-testid="reply-body">
            <Markdown source={mentionsToMarkdown(r.body ?? '')} />
          </Box>
        )}
        {!editing && (
          <HStack gap="1" flexWrap="wrap" role="group" aria-label={t('discussions.replies.actions', { name })}>
            {!x.isLocked && !r.hidden && (
              <Button
                size="xs"
                variant="ghost"
                aria-label={t('discussions.replies.quoteLabel', { name })}
                onClick={() => onQuote({ id: r.id, name, excerpt: mentionsAsText(r.body ?? '').slice(0, 200) })}
                data-testid="reply-quote-action"
              >
                <Quote aria-hidden /> {t('discussions.replies.quote')}
              </Button>
            )}
            {r.mine && !r.hidden && (
              <Button size="xs" variant="ghost" onClick={() => setEditing(true)} aria-label={t('discussions.replies.editLabel')} data-testid="reply-edit">
                <Pencil aria-hidden /> {t('discussions.replies.edit')}
              </Button>
            )}
            {r.mine && (
              <ConfirmDialog
                trigger={
                  <Button size="xs" variant="ghost" colorPalette="red" data-testid="reply-delete">
                    <Trash2 aria-hidden /> {t('discussions.replies.delete')}
                  </Button>
                }
                title={t('discussions.replies.deleteTitle')}
                description={t('discussions.replies.deleteBody')}
                confirmLabel={t('discussions.replies.deleteConfirm')}
                onConfirm={async () => {
                  if (!(await run(() => del.mutateAsync({ id: r.id }), t('discussions.replies.deleteFailed'), t('discussions.replies.deleted')))) throw new Error('failed');
                }}
              />
            )}
            {x.canModerate && (
              <>
                <ReasonDialog
                  trigger={
                    <Button size="xs" variant="ghost" data-testid="reply-hide">
                      <EyeOff aria-hidden /> {t(r.hidden ? 'discussions.moderate.unhide' : 'discussions.moderate.hide')}
                    </Button>
                  }
                  title={t(r.hidden ? 'discussions.moderate.unhideReplyTitle' : 'discussions.moderate.hideReplyTitle')}
                  description={t(r.hidden ? 'discussions.moderate.unhideReplyBody' : 'discussions.moderate.hideReplyBody')}
                  confirmLabel={t(r.hidden ? 'discussions.moderate.unhide' : 'discussions.moderate.hide')}
                  onConfirm={(reason) => run(() => hide.mutateAsync({ id: r.id, hidden: !r.hidden, reason: reason! }), failed, t(r.hidden ? 'discussions.moderate.shown' : 'discussions.moderate.hidden'))}
                />
                {!r.mine && (
                  <ReasonDialog
                    destructive
                    trigger={
                      <Button size="xs" variant="ghost" colorPalette="red" data-testid="reply-remove">
                        <Trash2 aria-hidden /> {t('discussions.moderate.remove')}
                      </Button>
                    }
                    title={t('discussions.moderate.removeReplyTitle')}
                    description={t('discussions.moderate.removeReplyBody')}
                    confirmLabel={t('discussions.moderate.remove')}
                    onConfirm={(reason) => run(() => remove.mutateAsync({ id: r.id, reason: reason! }), failed, t('discussions.moderate.removed'))}
                  />
                )}
              </>
            )}
          </HStack>
        )}
      </Stack>
    </Box>
  );
}

function EditReply({ reply: r, communityId, onDone }: { reply: Reply; communityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const run = useDiscussionAction();
  const update = useMutation(trpc.discussions.updateReply.mutationOptions());
  const [body, setBody] = useState(r.body ?? '');
  const [error, setError] = useState<string>();
  const id = `reply-edit-${r.id}`;
  return (
    <chakra.form
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (!body.trim()) return setError(t('discussions.composer.empty'));
        if (await run(() => update.mutateAsync({ id: r.id, body }), t('discussions.replies.saveFailed'), t('discussions.replies.saved'))) onDone();
      }}
    >
      <Stack gap="2">
        <Field.Root invalid={!!error}>
          <Field.Label className="sr-only">{t('discussions.replies.editLabel')}</Field.Label>
          <MentionTextarea
            id={id}
            communityId={communityId}
            value={body}
            onValueChange={(v) => {
              setBody(v);
              setError(undefined);
            }}
            rows={4}
            maxLength={POST_BODY_MAX}
            autoFocus
            data-testid="reply-edit-input"
          />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <HStack gap="2" justify="flex-end">
          <Button size="sm" variant="outline" onClick={onDone}>
            {t('discussions.replies.cancelEdit')}
          </Button>
          <Button size="sm" type="submit" colorPalette="brand" loading={update.isPending} data-testid="reply-edit-save">
            {t('discussions.replies.save')}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}

function Composer(props: { topic: TopicData; quote: QuoteTarget | null; onClearQuote: () => void; textarea: React.RefObject<HTMLTextAreaElement | null> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { topic: x, quote } = props;
  const reply = useMutation(trpc.discussions.reply.mutationOptions());
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const locked = x.isLocked;
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (reply.isPending || locked) return;
    if (!body.trim()) {
      setError(t('discussions.composer.empty'));
      props.textarea.current?.focus();
      return;
    }
    try {
      await reply.mutateAsync({ id: x.id, body, ...(quote ? { quotedId: quote.id } : {}) });
      setBody('');
      props.onClearQuote();
      notify.success(t('discussions.composer.sent'));
      await refreshDiscussions(queryClient);
    } catch (err) {
      const info = errorInfo(err);
      setError(info.issues[0]?.message);
      notify.error(t('discussions.composer.failed'), info.message);
      void refreshDiscussions(queryClient);
    }
  }
  return (
    <Card.Root as="section" aria-labelledby="topic-composer">
      <Card.Body>
        <chakra.form onSubmit={(e) => void submit(e)} noValidate data-testid="reply-form">
          <Stack gap="3">
            {locked && (
              <Alert.Root status="warning" data-testid="topic-locked">
                <Alert.Indicator>
                  <Lock />
                </Alert.Indicator>
                <Alert.Content>
                  <Alert.Title>{t('discussions.composer.locked')}</Alert.Title>
                  <Alert.Description>{t('discussions.composer.lockedReason')}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            {quote && !locked && (
              <HStack align="flex-start" gap="2" borderStartWidth="3px" borderColor="brand.solid" ps="3" py="1" data-testid="composer-quote">
                <MessageSquareQuote size={16} aria-hidden />
                <Stack gap="0.5" flex="1" minW="0" fontSize="sm">
                  <Text fontWeight="medium">{t('discussions.replies.quoting', { name: quote.name })}</Text>
                  <Text color="fg.muted" lineClamp={2} overflowWrap="anywhere">
                    {quote.excerpt}
                  </Text>
                </Stack>
                <Button size="xs" variant="ghost" onClick={props.onClearQuote} aria-label={t('discussions.replies.removeQuote')}>
                  <X aria-hidden />
                </Button>
              </HStack>
            )}
            <Field.Root invalid={!!error} disabled={locked}>
              <Field.Label id="topic-composer">{t('discussions.composer.label')}</Field.Label>
              <MentionTextarea
                ref={props.textarea}
                communityId={x.community.id}
                value={body}
                onValueChange={(v) => {
                  setBody(v);
                  setError(undefined);
                }}
                rows={4}
                maxLength={POST_BODY_MAX}
                placeholder={t('discussions.composer.placeholder')}
                disabled={locked}
                data-testid="reply-input"
              />
              {error ? <Field.ErrorText>{error}</Field.ErrorText> : !locked && <Field.HelperText>{t('discussions.form.bodyHelp')}</Field.HelperText>}
            </Field.Root>
            <Button type="submit" colorPalette="brand" alignSelf="flex-end" disabled={locked} loading={reply.isPending} loadingText={t('discussions.composer.submitting')} data-testid="reply-submit">
              {t('discussions.composer.submit')}
            </Button>
          </Stack>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}
