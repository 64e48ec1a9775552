import { Box, Button, Circle, HStack, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { NeedsPreview } from '../../features/needs/needs-preview';
import { Bell, X } from 'lucide-react';
import type { ReactElement } from 'react';
import { EmptyNote } from '../empty-state';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRelative } from '../../lib/format';
import { cursorPaging, useCursorList } from '../../lib/use-cursor-list';
import { trpc } from '../../trpc';
import { LoadMore } from '../load-more';
import { unreadCountQuery } from './notifications-menu';

/**
 * The notifications list under the bell (notifications-menu.tsx): read one, read all, remove,
 * clear. Loaded with the bell's first press, so it opens at once (`defaultOpen`).
 */
export function NotificationsPopover({ trigger, placement, defaultOpen = false }: { trigger: ReactElement; placement: 'right-end' | 'bottom-end'; defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(defaultOpen);
  const unread = useQuery(unreadCountQuery());
  const { query: list, items } = useCursorList(
    trpc.notifications.list.infiniteQueryOptions({ limit: 20 }, { ...cursorPaging, enabled: open, staleTime: 0 }),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions({ onSettled: refresh }));
  const markAll = useMutation(trpc.notifications.markAllRead.mutationOptions({ onSettled: refresh }));
  const remove = useMutation(trpc.notifications.remove.mutationOptions({ onSettled: refresh }));
  const clear = useMutation(trpc.notifications.clear.mutationOptions({ onSettled: refresh }));
  const count = unread.data?.count ?? 0;
  const waiting = unread.data?.waiting ?? 0;

  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement }} lazyMount>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: '90vw', sm: '96' }} maxH="70vh" overflowY="auto">
            <Popover.Header>
              <HStack justify="space-between">
                <Popover.Title fontWeight="semibold">{t('shell.notifications.title')}</Popover.Title>
                <HStack gap="1">
                  <Button size="xs" variant="ghost" disabled={!count} onClick={() => markAll.mutate()}>
                    {t('shell.notifications.markAllRead')}
                  </Button>
                  <Button size="xs" variant="ghost" disabled={!items.length} onClick={() => clear.mutate()}>
                    {t('shell.notifications.clearAll')}
                  </Button>
                </HStack>
              </HStack>
            </Popover.Header>
            <Popover.Body p="0">
              {waiting > 0 && (
                <Box px="3" py="2" borderBottomWidth="1px" data-testid="bell-needs">
                  <Text fontWeight="semibold" fontSize="sm">
                    {t('shell.notifications.needsTitle')} ({waiting})
                  </Text>
                  <NeedsPreview onOpen={() => setOpen(false)} />
                  <Button asChild size="xs" variant="ghost" onClick={() => setOpen(false)}>
                    <RouterLink to="/dashboard">{t('shell.notifications.needsAll')}</RouterLink>
                  </Button>
                </Box>
              )}
              {list.isPending ? (
                <Text p="4" color="fg.muted">
                  {t('common.loading')}
                </Text>
              ) : items.length === 0 ? (
                <EmptyNote icon={<Bell />} testId="notifications-empty">
                  {t('shell.notifications.empty')}
                </EmptyNote>
              ) : (
                <Stack as="ul" gap="0" listStyleType="none">
                  {items.map((n) => (
                    <Box as="li" key={n.id} borderTopWidth="1px" bg={n.read ? undefined : 'brand.subtle'} data-testid="notification" data-read={n.read}>
                      <HStack align="flex-start" px="3" py="2" gap="2">
                        {!n.read && <Circle size="2" bg="brand.solid" mt="2" aria-label={t('shell.notifications.unread')} />}
                        <Box
                          as="button"
                          textAlign="start"
                          flex="1"
                          onClick={() => {
                            if (!n.read) markRead.mutate({ id: n.id });
                            if (n.link) {
                              setOpen(false);
                              void navigate({ to: n.link });
                            }
                          }}
                        >
                          <Text fontWeight="medium" fontSize="sm">
                            {n.title}
                          </Text>
                          <Text fontSize="sm" color="fg.muted">
                            {n.message}
                          </Text>
                          <Text fontSize="xs" color="fg.muted">
                            {formatRelative(n.timestamp)}
                          </Text>
                          {n.handled && (
                            <Text fontSize="xs" color="fg.success" data-testid="notification-handled">
                              {n.handled.byYou ? t('shell.notifications.handledByYou') : n.handled.by ? t('shell.notifications.handledBy', { name: n.handled.by }) : t('shell.notifications.handled')}
                            </Text>
                          )}
                        </Box>
                        <IconButton size="2xs" variant="ghost" aria-label={t('shell.notifications.remove', { title: n.title })} onClick={() => remove.mutate({ id: n.id })}>
                          <X aria-hidden />
                        </IconButton>
                      </HStack>
                    </Box>
                  ))}
                </Stack>
              )}
              <LoadMore query={list} w="full" variant="ghost" size="sm">
                {t('shell.notifications.showOlder')}
              </LoadMore>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
