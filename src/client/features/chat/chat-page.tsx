import { Box, Center, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { WifiOff } from 'lucide-react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../auth/current-user';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { findConversation } from './merge';
import { NewChannelDialog, NewConversationDialog } from './new-conversation';
import { conversationsQuery } from './queries';
import { connection, startChatSocket } from './socket';

/** The space the shell leaves a page on a phone: the screen less its top bar and bottom bar. */
const PHONE_HEIGHT = 'calc(100dvh - 8.75rem)';

function ConnectionNote() {
  const { t } = useTranslation();
  const status = useSyncExternalStore(connection.subscribe, connection.get);
  if (status !== 'offline' && status !== 'polling') return null;
  return (
    <HStack px="3" py="1.5" gap="2" bg="orange.subtle" color="orange.fg" fontSize="sm" role="status" data-testid="chat-connection">
      <WifiOff size={16} aria-hidden />
      <Text>{t(status === 'offline' ? 'chat.screen.connection.offline' : 'chat.screen.connection.polling')}</Text>
    </HStack>
  );
}

/**
 * /chat: the conversation list beside the open conversation (?c=<id>) on a wide screen; on a
 * phone one of the two at a time, the conversation with a back button.
 */
export function ChatPage({ openId }: { openId: number | null }) {
  const { t } = useTranslation();
  const viewer = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery(conversationsQuery());
  const [picker, setPicker] = useState<'message' | 'channel' | null>(null);

  // The page holds the connection too (the shell's badge usually has it open already).
  useEffect(() => startChatSocket(queryClient, viewer.id), [queryClient, viewer.id]);

  const open = openId !== null ? findConversation(list.data, openId) : undefined;
  const communities = useMemo(
    () =>
      (list.data?.communities ?? []).map((g) => ({
        id: g.id,
        name: g.name,
        canModerate: g.canModerate,
      })),
    [list.data],
  );
  const leading = communities.filter((g) => g.canModerate);
  // Escape in an idle composer goes back to the list only where the list is hidden (a phone).
  const close = () => {
    if (window.matchMedia('(max-width: 47.99em)').matches) void navigate({ to: '/chat', search: {} });
  };

  // A conversation the list does not hold yet (just created elsewhere, or a stale link): ask again once.
  useEffect(() => {
    if (openId !== null && list.isSuccess && !open) void list.refetch();
  }, [openId, list.isSuccess, !open]);

  const showList = openId === null;
  return (
    <Flex h={{ base: PHONE_HEIGHT, md: '100dvh' }} minH="0" overflow="hidden" data-testid="chat-page">
      <Stack
        gap="0"
        w={{ base: 'full', md: '80' }}
        flexShrink={0}
        borderEndWidth={{ base: '0', md: '1px' }}
        display={{ base: showList ? 'flex' : 'none', md: 'flex' }}
        minH="0"
        data-testid="chat-list-pane"
      >
        <ConnectionNote />
        <Box flex="1" minH="0">
          <ConversationList
            list={list.data}
            isPending={list.isPending}
            isError={list.isError}
            onRetry={() => void list.refetch()}
            activeId={openId}
            onNewMessage={() => setPicker('message')}
            onNewChannel={leading.length ? () => setPicker('channel') : null}
          />
        </Box>
      </Stack>
      <Box as="main" flex="1" minW="0" minH="0" display={{ base: showList ? 'none' : 'block', md: 'block' }} data-testid="chat-conversation-pane">
        {openId === null ? (
          <Center h="full" p="6">
            <Stack align="center" textAlign="center" maxW="sm" gap="1">
              <Text fontWeight="semibold">{t('chat.screen.view.chooseTitle')}</Text>
              <Text color="fg.muted">{t('chat.screen.view.chooseBody')}</Text>
            </Stack>
          </Center>
        ) : open ? (
          <ConversationView key={open.id} conversation={open} viewer={viewer} onClose={close} />
        ) : list.isPending || list.isFetching ? (
          <Center h="full" color="fg.muted">
            {t('chat.screen.view.loading')}
          </Center>
        ) : (
          <Center h="full" p="6">
            <Stack align="center" textAlign="center" maxW="sm" gap="1" data-testid="conversation-not-found">
              <Text fontWeight="semibold">{t('chat.screen.view.notFoundTitle')}</Text>
              <Text color="fg.muted">{t('chat.screen.view.notFoundBody')}</Text>
            </Stack>
          </Center>
        )}
      </Box>
      <NewConversationDialog open={picker === 'message'} onClose={() => setPicker(null)} communities={communities} />
      <NewChannelDialog open={picker === 'channel'} onClose={() => setPicker(null)} communities={leading} />
    </Flex>
  );
}
