import { lazyDialog } from '../../components/lazy-dialog';

/* The event forms opened from pages that only show events, each loaded with its first opening (components/lazy-dialog.tsx). */

export const CreateEventDialog = lazyDialog(() => import('./create-event-dialog').then((m) => m.CreateEventDialog));
