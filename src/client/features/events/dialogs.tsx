import { Button } from '@chakra-ui/react';
import { CalendarPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../components/lazy-dialog';
import type { CalendarEvent } from './calendar-links';

/* The event forms and dialogs opened from pages that only show events, each loaded with its first opening (components/lazy-dialog.tsx). */

export const CreateEventDialog = lazyDialog(() => import('./create-event-dialog').then((m) => m.CreateEventDialog));

const AddToCalendarDialog = lazyDialog(() => import('./add-to-calendar').then((m) => m.AddToCalendarDialogView));

/** The "Add to calendar" button, on an event's page (`event`) and on /events (the private feed alone). */
export function AddToCalendar({ event, size = 'sm' }: { event?: CalendarEvent & { id: number; seriesId: number | null }; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <AddToCalendarDialog
      event={event}
      trigger={
        <Button variant="outline" size={size} colorPalette="brand" data-testid="add-to-calendar">
          <CalendarPlus aria-hidden /> {t('events.calendar.open')}
        </Button>
      }
    />
  );
}
