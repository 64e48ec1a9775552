import type { ReactNode } from 'react';
import type { EventDetail } from './shared';

/**
 * Placeholder (replaced by the real dialog): edits an event, or with a series "this occurrence" /
 * "this and following", through events.update.
 */
export function EditEventDialog(_: { event: EventDetail; trigger: ReactNode; onSaved?: () => void }) {
  return null;
}
