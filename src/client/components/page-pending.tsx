import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/online';

/**
 * What a page shows while its route's guard and loader are still waiting on the server (after
 * the router's pending delay; a quick answer shows the page without it). Offline, the calls wait
 * for the connection to come back (TanStack Query pauses them), so the page says why instead of
 * spinning: the shell the service worker kept opens, and the page loads once back online.
 */
export function PagePending() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <Center py="24" px="4">
      <VStack role="status" textAlign="center">
        {online && <Spinner color="brand.solid" />}
        <Text color="fg.muted" data-testid={online ? undefined : 'offline-pending'}>
          {online ? t('common.loading') : t('shell.offline')}
        </Text>
      </VStack>
    </Center>
  );
}
