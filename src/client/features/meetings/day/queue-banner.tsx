import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { dismissOutcomes, flush } from '../../../lib/offline/queue';
import { useOfflineQueue } from '../../../lib/offline/use-queue';
import { useOnline } from '../../../lib/online';

/**
 * What the phone holds: "3 records waiting to send" while records wait, and each answer of the
 * server (recorded, or refused with its reason) until the secretary dismisses them.
 */
export function QueueBanner() {
  const { t } = useTranslation();
  const { waiting, outcomes, sending } = useOfflineQueue();
  const online = useOnline();
  return (
    <Stack gap="2">
      {!online && (
        <Alert.Root status="warning" data-testid="meeting-day-offline">
          <Alert.Indicator />
          <Alert.Title>{t('meetingDay.offline')}</Alert.Title>
        </Alert.Root>
      )}
      {waiting.length > 0 && (
        <Alert.Root status="info" role="status" data-testid="meeting-day-waiting">
          <Alert.Indicator />
          <Alert.Title flex="1">{sending ? t('meetingDay.queue.sending') : t('meetingDay.queue.waiting', { count: waiting.length })}</Alert.Title>
          {online && !sending && (
            <Button size="sm" variant="outline" onClick={() => void flush()}>
              {t('meetingDay.queue.sendNow')}
            </Button>
          )}
        </Alert.Root>
      )}
      {outcomes.length > 0 && (
        <Alert.Root status={outcomes.some((o) => o.outcome === 'refused') ? 'error' : 'success'} data-testid="meeting-day-outcomes">
          <Alert.Indicator />
          <Stack flex="1" gap="1">
            <Alert.Title>{t('meetingDay.queue.outcomes')}</Alert.Title>
            {outcomes.map((o) => (
              <Text key={o.key} fontSize="sm" data-testid="meeting-day-outcome" data-outcome={o.outcome}>
                <strong>{o.outcome === 'applied' ? t('meetingDay.queue.applied') : t('meetingDay.queue.refused')}</strong> · {o.label}
                {o.message ? ` · ${o.message}` : ''}
              </Text>
            ))}
            <HStack>
              <Button size="sm" variant="outline" onClick={() => void dismissOutcomes()}>
                {t('meetingDay.queue.dismiss')}
              </Button>
            </HStack>
          </Stack>
        </Alert.Root>
      )}
    </Stack>
  );
}
