import type { RsvpAnswer, RsvpStatus } from '../../../../shared/events/rules';

/*
 * An answer's words and colour, the same wherever it shows: the viewer's own answer, the hosts'
 * list, the dialogs.
 */

/** A status as a badge reads it ("Going", "Waitlist"). */
export const STATUS_KEY = {
  going: 'event.status.going',
  maybe: 'event.status.maybe',
  not_going: 'event.status.notGoing',
  waitlisted: 'event.status.waitlisted',
} as const satisfies Record<RsvpStatus, string>;

export const STATUS_COLOR: Record<RsvpStatus, string> = { going: 'green', maybe: 'orange', not_going: 'gray', waitlisted: 'purple' };

/** An answer as the viewer gives it ("Going", "Can't go" / "Je viens", "Je ne peux pas"). */
export const ANSWER_KEY = {
  going: 'event.rsvp.answer.going',
  maybe: 'event.rsvp.answer.maybe',
  not_going: 'event.rsvp.answer.notGoing',
} as const satisfies Record<RsvpAnswer, string>;

/** What a stored status was answered as: waiting in line is "going" that did not fit. */
export const answerOf = (status: RsvpStatus): RsvpAnswer => (status === 'waitlisted' ? 'going' : status);
