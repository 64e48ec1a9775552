import { Avatar, Box, Flex, HStack, IconButton, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Bell, BellOff, Hash, Lock, Users } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationDto, MessageDto } from '@shared/chat/protocol';
import { trpc } from '../../trpc';
import type { CurrentUser } from '../auth/current-user';
import { CallButtons, JoinBar } from '../calls/call-controls';
import { Composer } from './composer';
import { NewMessageAnnouncer, TypingIndicator } from './live';
import { DeleteMessageDialog, MuteMemberDialog, ReportDialog } from './message-dialogs';
import type { MessageHandlers } from './message-item';
import { MessageList } from './message-list';
import { conversationName, initialOf } from './names';
import { useChatActions } from './use-chat-actions';
import { ReportsButton } from './reports-panel';
import { avatarImage } from '../../lib/images';

/** Who is in a private conversation (the viewer included), asked for when the list is opened. */
function Members({ c }: { c: ConversationDto }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const details = useQuery(trpc.chat.conversation.queryOptions({ conversationId: c.id }, { enabled: open, staleTime: 30_000 }));
  const people = details.data?.members ?? c.people;
  const count = c.memberCount ?? c.people.length + 1;
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount>
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={`${t('chat.screen.view.membersTitle')}: ${t('chat.screen.view.members', { count })}`} data-testid="conversation-members">
          <Users aria-hidden />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="64">
            <Popover.Body>
              <Text fontWeight="semibold" mb="2">
                {t('chat.screen.view.members', { count })}
              </Text>
              {details.isPending && !c.people.length && <Spinner size="sm" />}
              <Stack as="ul" listStyleType="none" gap="2" data-testid="conversation-members-list">
                {people.map((p) => (
                  <HStack as="li" key={p.id} gap="2">
                    <Avatar.Root size="xs" colorPalette="brand">
                      <Avatar.Fallback>{initialOf(p.name)}</Avatar.Fallback>
                      {p.avatarUrl && <Avatar.Image {...avatarImage(p.avatarUrl)} alt="" />}
                    </Avatar.Root>
                    <Text fontSize="sm">{p.name}</Text>
                  </HStack>
                ))}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** One conversation: its header (name, topic, members, mute), the history, who is typing, and the composer. */
export function ConversationView({ conversation: c, viewer, onClose }: { conversation: ConversationDto; viewer: CurrentUser; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = useChatActions(c.id, viewer);
  const [replyTo, setReplyTo] = useState<MessageDto | null>(null);
  const [editing, setEditing] = useState<MessageDto | null>(null);
  const [deleting, setDeleting] = useState<MessageDto | null>(null);
  const [reporting, setReporting] = useState<MessageDto | null>(null);
  const [muting, setMuting] = useState<MessageDto | null>(null);
  const name = conversationName(c);

  const handlers: MessageHandlers = useMemo(
    () => ({
      onReply: (m) => {
        setEditing(null);
        setReplyTo(m);
      },
      onEdit: (m) => {
        setReplyTo(null);
        setEditing(m);
      },
      onDelete: setDeleting,
      onReport: setReporting,
      onMute: setMuting,
      onReact: (m, emoji, on) => void actions.react(m, emoji, on),
    }),
    [actions],
  );
  const onReadTo = useCallback((id: number) => void actions.markRead(id).catch(() => undefined), [actions]);
  const subtitle =
    c.kind === 'channel'
      ? (c.topic ?? t('chat.screen.view.in', { community: c.community.name }))
      : `${t(c.kind === 'direct' ? 'chat.screen.view.direct' : 'chat.screen.view.group')} · ${c.community.name}`;

  return (
    <Flex direction="column" h="full" minH="0" data-testid="conversation-view" data-conversation-id={c.id}>
      <HStack as="header" px={{ base: '2', md: '4' }} py="2" borderBottomWidth="1px" gap="2" minH="14">
        <IconButton asChild variant="ghost" size="sm" display={{ base: 'inline-flex', md: 'none' }} aria-label={t('chat.screen.view.back')}>
          <Link to="/chat" data-testid="conversation-back">
            <ArrowLeft aria-hidden />
          </Link>
        </IconButton>
        <Box color="fg.muted" aria-hidden display={{ base: 'none', sm: 'block' }}>
          {c.kind === 'channel' ? c.isPrivate ? <Lock size={18} /> : <Hash size={18} /> : <Users size={18} />}
        </Box>
        <Stack gap="0" flex="1" minW="0">
          <Text as="h2" fontWeight="semibold" lineClamp={1} data-testid="conversation-title">
            {name}
          </Text>
          <Text fontSize="xs" color="fg.muted" lineClamp={1}>
            {subtitle}
          </Text>
        </Stack>
        {c.kind !== 'channel' || c.isPrivate ? <Members c={c} /> : null}
        {c.kind === 'channel' && c.canModerate ? <ReportsButton communityId={c.community.id} communityName={c.community.name} /> : null}
        <CallButtons c={c} name={name} />
        <IconButton
          variant={c.muted ? 'subtle' : 'ghost'}
          size="sm"
          aria-pressed={c.muted}
          aria-label={c.muted ? t('chat.screen.view.unmute') : t('chat.screen.view.mute')}
          title={c.muted ? t('chat.screen.view.unmute') : t('chat.screen.view.mute')}
          onClick={() => void actions.setMuted(!c.muted)}
          data-testid="conversation-mute"
        >
          {c.muted ? <BellOff aria-hidden /> : <Bell aria-hidden />}
        </IconButton>
      </HStack>
      <JoinBar conversationId={c.id} />
      <MessageList key={c.id} conversation={c} viewerId={viewer.id} handlers={handlers} onReadTo={onReadTo} />
      <TypingIndicator conversationId={c.id} />
      <Composer
        conversation={c}
        actions={actions}
        replyTo={replyTo}
        editing={editing}
        onDone={() => {
          setReplyTo(null);
          setEditing(null);
        }}
        onEscape={onClose}
      />
      <NewMessageAnnouncer conversationId={c.id} />
      <DeleteMessageDialog message={deleting} onClose={() => setDeleting(null)} onConfirm={(m) => actions.remove(m.id)} />
      <ReportDialog message={reporting} onClose={() => setReporting(null)} onConfirm={(m, reason) => actions.report(m.id, reason)} />
      <MuteMemberDialog message={muting} onClose={() => setMuting(null)} onConfirm={actions.muteMember} />
    </Flex>
  );
}
