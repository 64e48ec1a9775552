import { Button, Dialog, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useId, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { CalendarFeed } from './calendar-feed';
import { googleEventLink, outlookEventLink, type CalendarEvent } from './calendar-links';
import { eventIcsUrl } from './queries';

/**
 * "Add to calendar": for one event (its page), Google Calendar and Outlook with the event filled
 * in and the .ics file for Apple Calendar and the rest (a series' file holds every date); and,
 * here as on /events, every event of one's communities through the private feed. Pages open it
 * through AddToCalendar (dialogs.tsx), which loads it with its first opening.
 */
export function AddToCalendarDialogView({
  event,
  trigger,
  defaultOpen,
}: {
  event?: CalendarEvent & { id: number; seriesId: number | null };
  trigger: ReactElement;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('events.calendar.title')} size={{ base: 'full', sm: 'md' }} trigger={trigger} defaultOpen={defaultOpen}>
      {(close) => (
        <>
          <Dialog.Body>
            <Stack gap="6">
              {event && <ThisEvent event={event} />}
              <Part title={t('events.calendar.allTitle')} help={t('events.calendar.allHelp')} testId="calendar-all">
                <CalendarFeed />
              </Part>
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={close}>
              {t('common.close')}
            </Button>
          </Dialog.Footer>
        </>
      )}
    </FormDialog>
  );
}

function ThisEvent({ event: e }: { event: CalendarEvent & { id: number; seriesId: number | null } }) {
  const { t } = useTranslation();
  const series = e.seriesId !== null;
  return (
    <Part title={t(series ? 'events.calendar.seriesTitle' : 'events.calendar.eventTitle')} help={t(series ? 'events.calendar.seriesHelp' : 'events.calendar.eventHelp')} testId="calendar-event">
      <HStack gap="2" flexWrap="wrap">
        <Button asChild size="sm" variant="outline">
          <a href={googleEventLink(e)} target="_blank" rel="noopener noreferrer" data-testid="calendar-google">
            {t('events.calendar.google')}
          </a>
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={outlookEventLink(e)} target="_blank" rel="noopener noreferrer" data-testid="calendar-outlook">
            {t('events.calendar.outlook')}
          </a>
        </Button>
        <Button asChild size="sm" colorPalette="brand">
          <a href={eventIcsUrl(e.id)} download data-testid="event-ics">
            <Download aria-hidden /> {t('events.calendar.apple')}
          </a>
        </Button>
      </HStack>
    </Part>
  );
}

function Part({ title, help, testId, children }: { title: string; help: string; testId: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Stack as="section" gap="2" aria-labelledby={id} data-testid={testId}>
      <Heading as="h3" size="sm" id={id}>
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {help}
      </Text>
      {children}
    </Stack>
  );
}
