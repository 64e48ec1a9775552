import { Box, HStack, Text } from '@chakra-ui/react';
import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online';

/**
 * Signed-in pages register the service worker (src/client/sw/service-worker.js, built to /sw.js:
 * the app shell kept for bad connections, never a member's data) and say plainly when the device
 * is offline, so a member on a failing connection sees why nothing loads instead of endless
 * spinners. Registered here rather than in main.tsx so the landing page's first load carries none of it.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  useEffect(() => {
    if ('serviceWorker' in navigator) {
      navigator.serviceWorker.register('/sw.js').catch(() => {
        // No service worker (private mode, an old browser, the dev server, which has no sw.js):
        // the app works as before, only without the offline shell.
      });
      // The code this page loaded before the worker was in control (a first visit) is handed to it
      // to keep, so what the phone has seen opens without a network (meeting day).
      const keepLoaded = () =>
        navigator.serviceWorker.controller?.postMessage({
          type: 'keep',
          urls: performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name).pathname)
            .filter((p) => p.startsWith('/assets/')),
        });
      if (navigator.serviceWorker.controller) keepLoaded();
      navigator.serviceWorker.addEventListener('controllerchange', keepLoaded);
      return () => navigator.serviceWorker.removeEventListener('controllerchange', keepLoaded);
    }
  }, []);
  if (online) return null;
  return (
    <Box role="status" bg="orange.subtle" color="orange.fg" borderBottomWidth="1px" px="4" py="2" data-testid="offline-banner">
      <HStack gap="2" justify="center">
        <WifiOff size={16} aria-hidden />
        <Text fontSize="sm">{t('shell.offline')}</Text>
      </HStack>
    </Box>
  );
}
