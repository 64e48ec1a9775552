import { useAction } from '../../../lib/use-action';
import { trpc } from '../../../trpc';

/**
 * lib/use-action.ts's useAction for an event's changes: every events query refreshed in the
 * background (not awaited: the dialog closes at once rather than stay open while the lists reload).
 */
export const useEventAction = () => useAction([trpc.events.pathKey()]);

/** Whether the event has started / is over, at this render. */
export const hasStarted = (e: { startsAt: number }, now = Date.now()) => e.startsAt <= now;
export const isOver = (e: { endsAt: number }, now = Date.now()) => e.endsAt <= now;
