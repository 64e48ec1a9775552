import {  Box, Button, chakra, Field, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import {  useMutation } from '@tanstack/react-query';
import {  EyeOff, MessageSquareQuote, Pencil, Quote, Trash2 } from 'lucide-react';
import { EmptyNote } from '../../components/empty-state';
import {  useState } from 'react';
import { useTranslation } from 'react-i18next';
import {  mentionsAsText, POST_BODY_MAX } from '@shared/discussions/rules';
import { LoadMore } from '../../components/load-more';
import { Markdown } from '../../components/markdown';
import { formatDateTime, formatRelative } from '../../lib/format';
import { trpc } from '../../trpc';
import { MentionTextarea } from './mention-textarea';
import { mentionsToMarkdown } from './mentions';
import { DeleteOwn, MODERATION, ModerationAction } from './reason-dialog';
import type { Reply, TopicPage as TopicData } from './types';
import { EditedMarker } from './topic-badges';
import { useDiscussionAction } from './use-discussion-action';
import { realName } from '../../lib/person-name';
import type { QuoteTarget, TopicQuery as Query } from './topic-page';

/* The replies, oldest first and paged: each with its author, quote, edit and delete (authors) and moderation (moderators). */

export function RepliesSection(props: { topic: TopicData; replies: Reply[]; query: Query; onQuote: (q: QuoteTarget) => void }) {
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
  const [editing, setEditing] = useState(false);
  const name = realName(r.author?.name) ?? t('discussions.formerMember');
  const del = useMutation(trpc.discussions.deleteReply.mutationOptions());
  const hide = useMutation(trpc.discussions.hideReply.mutationOptions());
  const remove = useMutation(trpc.discussions.removeReply.mutationOptions());

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
              <DeleteOwn of="replies" small testId="reply-delete" act={() => del.mutateAsync({ id: r.id })} />
            )}
            {x.canModerate && (
              <ModerationAction
                small
                words={r.hidden ? MODERATION.unhideReply : MODERATION.hideReply}
                icon={<EyeOff aria-hidden />}
                testId="reply-hide"
                act={(reason) => hide.mutateAsync({ id: r.id, hidden: !r.hidden, reason: reason! })}
              />
            )}
            {x.canModerate && !r.mine && (
              <ModerationAction
                small
                destructive
                words={MODERATION.removeReply}
                icon={<Trash2 aria-hidden />}
                testId="reply-remove"
                act={(reason) => remove.mutateAsync({ id: r.id, reason: reason! })}
              />
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

