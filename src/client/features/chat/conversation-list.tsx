import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { BellOff, Hash, Lock, MessageSquarePlus, Plus, User, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ConversationDto, ConversationList as List } from '@shared/chat/protocol';
import { mentionsAsText } from '@shared/discussions/rules';
import { ChatLoading } from './message-list';
import { conversationName } from './names';

function Item({ c, active }: { c: ConversationDto; active: boolean }) {
  const { t } = useTranslation();
  const Icon = c.kind === 'channel' ? (c.isPrivate ? Lock : Hash) : c.kind === 'group' ? Users : User;
  const name = conversationName(c);
  const last = c.lastMessage;
  const preview = !last
    ? t('chat.screen.list.noMessages')
    : last.deleted
      ? t('chat.screen.list.deleted')
      : last.isCall
        ? t('calls.listPreview')
        : mentionsAsText(last.preview) || t('chat.screen.list.attachment');
  const unread = c.unread > 0;
  return (
    <Box as="li">
      <Link
        to="/chat"
        search={{ c: c.id }}
        aria-current={active ? 'page' : undefined}
        data-testid="conversation-item"
        data-conversation-id={c.id}
        data-conversation-name={c.kind === 'channel' ? c.name : undefined}
      >
        <HStack px="3" py="2" gap="2" rounded="md" bg={active ? 'brand.subtle' : undefined} _hover={{ bg: active ? 'brand.subtle' : 'bg.muted' }} color={active ? 'brand.fg' : undefined}>
          <Box color="fg.muted" flexShrink={0} aria-hidden>
            <Icon size={16} />
          </Box>
          <Stack gap="0" flex="1" minW="0">
            <Text fontWeight={unread ? 'bold' : 'medium'} lineClamp={1} fontSize="sm">
              {name}
            </Text>
            {c.kind !== 'channel' && (
              <Text fontSize="xs" color="fg.muted" lineClamp={1}>
                {preview}
              </Text>
            )}
          </Stack>
          {c.isPrivate && c.kind === 'channel' && <Text srOnly>{t('chat.screen.list.private')}</Text>}
          {c.muted && (
            <Box color="fg.muted" title={t('chat.screen.list.muted')} data-testid="conversation-muted">
              <BellOff size={14} aria-hidden />
              <Text srOnly>{t('chat.screen.list.muted')}</Text>
            </Box>
          )}
          {unread && (
            <Badge colorPalette={c.muted ? 'gray' : 'red'} variant="solid" rounded="full" data-testid="conversation-unread">
              <span aria-hidden>{c.unread > 99 ? '99+' : c.unread}</span>
              <Text srOnly>{t('chat.screen.list.unread', { count: c.unread })}</Text>
            </Badge>
          )}
        </HStack>
      </Link>
    </Box>
  );
}

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack as="section" gap="1" aria-label={title} data-testid={testId}>
      <Text as="h3" px="3" pt="3" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {title}
      </Text>
      <Stack as="ul" gap="0.5" listStyleType="none">
        {children}
      </Stack>
    </Stack>
  );
}

/** The conversations: each community's channels under its name, then direct messages and groups, most recent first. */
export function ConversationList(props: {
  list: List | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  activeId: number | null;
  onNewMessage: () => void;
  onNewChannel: (() => void) | null;
}) {
  const { t } = useTranslation();
  const { list } = props;
  return (
    <Stack gap="0" h="full" minH="0">
      <HStack px="3" py="2" gap="2" borderBottomWidth="1px" minH="14" wrap="wrap">
        <Text as="h1" fontSize="lg" fontWeight="bold" flex="1">
          {t('chat.screen.heading')}
        </Text>
        {props.onNewChannel && (
          <Button size="xs" variant="outline" onClick={props.onNewChannel} data-testid="new-channel">
            <Plus aria-hidden />
            {t('chat.screen.list.newChannel')}
          </Button>
        )}
        <Button size="xs" colorPalette="brand" onClick={props.onNewMessage} disabled={!list?.communities.length} data-testid="new-message">
          <MessageSquarePlus aria-hidden />
          {t('chat.screen.list.newMessage')}
        </Button>
      </HStack>
      <Box as="nav" aria-label={t('chat.screen.list.label')} flex="1" minH="0" overflowY="auto" px="2" pb="4" data-testid="conversation-list">
        {props.isPending ? (
          <ChatLoading py="8" label={t('chat.screen.list.loading')} />
        ) : props.isError || !list ? (
          <Stack align="center" py="8" role="alert">
            <Text>{t('chat.screen.list.loadFailed')}</Text>
            <Button size="sm" variant="outline" onClick={props.onRetry}>
              {t('chat.screen.list.tryAgain')}
            </Button>
          </Stack>
        ) : list.communities.length === 0 && list.direct.length === 0 ? (
          <Stack align="center" textAlign="center" py="8" px="4" gap="2" data-testid="conversations-empty">
            <Text fontWeight="semibold">{t('chat.screen.list.emptyTitle')}</Text>
            <Text color="fg.muted" fontSize="sm">
              {t('chat.screen.list.emptyBody')}
            </Text>
            <Button asChild size="sm" variant="outline">
              <Link to="/communities">{t('chat.screen.list.findCommunities')}</Link>
            </Button>
          </Stack>
        ) : (
          <Stack gap="2">
            {list.communities.map((g) => (
              <Section key={g.id} title={g.name} testId="conversation-community">
                {g.channels.map((c) => (
                  <Item key={c.id} c={c} active={c.id === props.activeId} />
                ))}
              </Section>
            ))}
            <Section title={t('chat.screen.list.direct')} testId="conversation-direct">
              {list.direct.length === 0 ? (
                <Text as="li" px="3" py="1" fontSize="sm" color="fg.muted">
                  {t('chat.screen.list.noDirect')}
                </Text>
              ) : (
                list.direct.map((c) => <Item key={c.id} c={c} active={c.id === props.activeId} />)
              )}
            </Section>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
