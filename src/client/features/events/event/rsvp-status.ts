import type { RsvpAnswer, RsvpStatus } from '@shared/events/rules';

/*
 * An answer's words and colour, the same wherever it shows: the lists, the viewer's own answer,
 * the hosts' list, the dialogs.
 */

/** A status as a badge reads it ("Going", "On the waitlist"). */
export const STATUS_KEY = { going: 'event.status.going', maybe: 'event.status.maybe', not_going: 'event.status.notGoing', waitlisted: 'event.status.waitlisted' } as const satisfies Record<RsvpStatus, string>;

export const STATUS_COLOR: Record<RsvpStatus, string> = { going: 'green', maybe: 'orange', not_going: 'gray', waitlisted: 'purple' };

/** Whether a string from the server is one of the statuses. */
export const isStatus = (s: string | null | undefined): s is RsvpStatus => !!s && Object.hasOwn(STATUS_KEY, s);

/** An answer as the viewer gives it ("Going", "Can't go" / "Je participe", "Je ne peux pas"). */
export const ANSWER_KEY = { going: 'event.rsvp.answer.going', maybe: 'event.rsvp.answer.maybe', not_going: 'event.rsvp.answer.notGoing' } as const satisfies Record<RsvpAnswer, string>;

/** What a stored status was answered as: waiting in line is "going" that did not fit. */
export function answerOf(status: RsvpStatus): RsvpAnswer;
export function answerOf(status: string | null | undefined): RsvpAnswer | null;
export function answerOf(status: string | null | undefined): RsvpAnswer | null {
  if (!isStatus(status)) return null;
  return status === 'waitlisted' ? 'going' : status;
}
