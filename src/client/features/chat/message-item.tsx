import { Avatar, Box, Button, HStack, IconButton, Image, Link, Menu, Portal, Stack, Text, type MenuContentProps } from '@chakra-ui/react';
import { Download, Flag, MoreHorizontal, Pencil, Reply, ShieldX, SmilePlus, Trash2, VolumeX } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatAttachment, MessageDto } from '@shared/chat/protocol';
import { REACTIONS } from '@shared/chat/rules';
import { formatDateTime, formatTime } from '../../lib/format';
import { currentLocale } from '../../i18n';
import { formatBytes, MessageBody } from './message-body';
import { initialOf } from './names';
import { avatarImage } from '../../lib/images';
import { realName } from '../../lib/person-name';

export type MessageHandlers = {
  onReply: (m: MessageDto) => void;
  onEdit: (m: MessageDto) => void;
  onDelete: (m: MessageDto) => void;
  onReport: (m: MessageDto) => void;
  onMute: (m: MessageDto) => void;
  onReact: (m: MessageDto, emoji: string, on: boolean) => void;
};

function AttachmentView({ a, author }: { a: ChatAttachment; author: string }) {
  const { t } = useTranslation();
  const name = a.originalName ?? a.name;
  if (a.isImage) {
    return (
      <Link href={a.url} target="_blank" rel="noopener noreferrer" aria-label={t('chat.screen.message.openImage')} alignSelf="start" data-testid="message-image-link">
        <Image
          src={a.url}
          alt={t('chat.screen.message.image', { name: author, file: name })}
          maxW={{ base: '60vw', md: '20rem' }}
          maxH="20rem"
          rounded="md"
          borderWidth="1px"
          loading="lazy"
          data-testid="message-image"
          {...(a.width && a.height
            ? {
                width: a.width,
                height: a.height,
                style: {
                  aspectRatio: `${a.width} / ${a.height}`,
                  width: 'auto',
                  height: 'auto',
                },
              }
            : {})}
        />
      </Link>
    );
  }
  return (
    <Button asChild variant="outline" size="sm" alignSelf="start" maxW="full" data-testid="message-file">
      <a
        href={a.url}
        download={name}
        aria-label={t('chat.screen.message.download', {
          name,
          size: formatBytes(a.bytes, currentLocale()),
        })}
      >
        <Download aria-hidden />
        <Text as="span" lineClamp={1}>
          {name}
        </Text>
        <Text as="span" color="fg.muted" fontWeight="normal">
          {formatBytes(a.bytes, currentLocale())}
        </Text>
      </a>
    </Button>
  );
}

/** One message: who and when, the quoted reply, the text or the file, the reactions, and what the viewer may do with it. */
export const MessageItem = memo(function MessageItem(
  props: {
    message: MessageDto;
    viewerId: string;
    canModerate: boolean;
    isChannel: boolean;
  } & MessageHandlers,
) {
  const { t } = useTranslation();
  const m = props.message;
  const author = realName(m.author?.name) ?? t('chat.screen.message.formerMember');
  const mine = m.author?.id === props.viewerId;
  const deleted = m.deletedAt !== null;
  const pending = m.id < 0;
  const canAct = !deleted && !pending;
  return (
    <HStack
      as="li"
      id={`message-${m.id}`}
      align="start"
      gap="3"
      px={{ base: '2', md: '4' }}
      py="1.5"
      _hover={{ bg: 'bg.subtle' }}
      _focusWithin={{ bg: 'bg.subtle' }}
      data-testid="message"
      data-message-id={m.id}
      data-mine={mine || undefined}
      opacity={pending ? 0.7 : 1}
    >
      <Avatar.Root size="sm" colorPalette="brand" flexShrink={0} mt="1">
        <Avatar.Fallback>{initialOf(m.author?.name)}</Avatar.Fallback>
        {m.author?.avatarUrl && <Avatar.Image {...avatarImage(m.author.avatarUrl)} alt="" />}
      </Avatar.Root>
      <Stack gap="1" flex="1" minW="0">
        <HStack gap="2" wrap="wrap" justify="space-between">
          <HStack gap="2" minW="0">
            <Text fontWeight="semibold" fontSize="sm" lineClamp={1}>
              {author}
            </Text>
            <Text asChild fontSize="xs" color="fg.muted">
              <time dateTime={new Date(m.createdAt).toISOString()} title={formatDateTime(m.createdAt)}>
                {formatTime(m.createdAt)}
              </time>
            </Text>
            {m.editedAt && !deleted && (
              <Text fontSize="xs" color="fg.muted" title={formatDateTime(m.editedAt)} data-testid="message-edited">
                ({t('chat.screen.message.edited')})
              </Text>
            )}
            {pending && (
              <Text fontSize="xs" color="fg.muted">
                {t('chat.screen.message.sending')}
              </Text>
            )}
          </HStack>
          {canAct && (
            <HStack gap="0">
              <IconButton size="xs" variant="ghost" aria-label={t('chat.screen.message.reply')} onClick={() => props.onReply(m)} data-testid="message-reply">
                <Reply aria-hidden />
              </IconButton>
              <MessageMenu label={t('chat.screen.message.react')} icon={<SmilePlus aria-hidden />} testId="message-react" minW="auto" display="flex" flexDirection="row" gap="1" p="1">
                {REACTIONS.map((emoji) => {
                  const on = m.reactions.some((r) => r.emoji === emoji && r.userIds.includes(props.viewerId));
                  return (
                    <Menu.Item key={emoji} value={emoji} fontSize="lg" justifyContent="center" aria-label={emoji} onSelect={() => props.onReact(m, emoji, !on)} data-testid="reaction-choice">
                      {emoji}
                    </Menu.Item>
                  );
                })}
              </MessageMenu>
              <MessageMenu label={t('chat.screen.message.actions')} icon={<MoreHorizontal aria-hidden />} testId="message-menu" minW="12rem">
                <Menu.Item value="reply" onSelect={() => props.onReply(m)}>
                  <Reply size={16} aria-hidden /> {t('chat.screen.message.reply')}
                </Menu.Item>
                {mine && (
                  <Menu.Item value="edit" onSelect={() => props.onEdit(m)} data-testid="message-edit">
                    <Pencil size={16} aria-hidden /> {t('chat.screen.message.edit')}
                  </Menu.Item>
                )}
                {mine && (
                  <Menu.Item value="delete" color="fg.error" onSelect={() => props.onDelete(m)} data-testid="message-delete">
                    <Trash2 size={16} aria-hidden /> {t('chat.screen.message.delete')}
                  </Menu.Item>
                )}
                {!mine && (
                  <Menu.Item value="report" onSelect={() => props.onReport(m)} data-testid="message-report">
                    <Flag size={16} aria-hidden /> {t('chat.screen.message.report')}
                  </Menu.Item>
                )}
                {!mine && props.canModerate && (
                  <Menu.Item value="moderate-delete" color="fg.error" onSelect={() => props.onDelete(m)} data-testid="message-moderate-delete">
                    <ShieldX size={16} aria-hidden /> {t('chat.screen.message.moderatorDelete')}
                  </Menu.Item>
                )}
                {!mine && props.canModerate && props.isChannel && m.author && (
                  <Menu.Item value="mute" onSelect={() => props.onMute(m)} data-testid="message-mute-member">
                    <VolumeX size={16} aria-hidden /> {t('chat.screen.message.muteMember')}
                  </Menu.Item>
                )}
              </MessageMenu>
            </HStack>
          )}
        </HStack>
        {m.replyTo && !deleted && (
          <Box as="blockquote" borderStartWidth="3px" borderColor="border.emphasized" ps="2" fontSize="sm" color="fg.muted" data-testid="message-quote">
            <Text fontWeight="medium">
              {t('chat.screen.message.quoted', {
                name: realName(m.replyTo.authorName) ?? t('chat.screen.message.formerMemberInline'),
              })}
            </Text>
            <Text lineClamp={2}>{m.replyTo.deleted ? t('chat.screen.message.quotedGone') : m.replyTo.excerpt}</Text>
          </Box>
        )}
        {deleted ? (
          <Text fontStyle="italic" color="fg.muted" data-testid="message-deleted">
            {t('chat.screen.message.deleted')}
          </Text>
        ) : (
          <>
            {!(m.attachment && m.body === (m.attachment.originalName ?? m.attachment.name)) && <MessageBody body={m.body} />}
            {m.attachment && <AttachmentView a={m.attachment} author={author} />}
          </>
        )}
        {!deleted && m.reactions.length > 0 && (
          <HStack gap="1" wrap="wrap" data-testid="message-reactions">
            {m.reactions.map((r) => {
              const on = r.userIds.includes(props.viewerId);
              return (
                <Button
                  key={r.emoji}
                  size="2xs"
                  variant={on ? 'subtle' : 'outline'}
                  colorPalette={on ? 'brand' : 'gray'}
                  rounded="full"
                  aria-pressed={on}
                  aria-label={t('chat.screen.message.reaction', {
                    emoji: r.emoji,
                    count: r.count,
                  })}
                  onClick={() => props.onReact(m, r.emoji, !on)}
                  disabled={pending}
                  data-testid="reaction"
                >
                  {r.emoji} {r.count}
                </Button>
              );
            })}
          </HStack>
        )}
      </Stack>
    </HStack>
  );
});

/** A message's menu behind its small icon button (its reactions, its actions), `content` the menu's own layout. */
function MessageMenu({ label, icon, testId, children, ...content }: { label: string; icon: ReactNode; testId: string } & MenuContentProps) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton size="xs" variant="ghost" aria-label={label} data-testid={testId}>
          {icon}
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content {...content}>{children}</Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
