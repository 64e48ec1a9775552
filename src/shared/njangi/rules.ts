/*
 * The vocabulary of a savings circle, shared by the database schema, the input schemas and the
 * screens. The circle's money arithmetic is in money.ts; its calendar in schedule.ts.
 */

export { FREQUENCIES, type Frequency } from './schedule';

/** How the payout order is decided: set by the organiser, drawn verifiably, or auctioned each round. */
export const PAYOUT_METHODS = ['fixed', 'random', 'auction'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** Who sets a fixed order: the organiser at start, or each member picking free positions first. */
export const ORDER_BY = ['organiser', 'members'] as const;
export type OrderBy = (typeof ORDER_BY)[number];

/** recruiting → active → completed, or cancelled at any point before completion. */
export const CIRCLE_STATUSES = ['recruiting', 'active', 'completed', 'cancelled'] as const;
export type CircleStatus = (typeof CIRCLE_STATUSES)[number];

export const FINE_KINDS = ['none', 'fixed', 'percent'] as const;
export type FineKind = (typeof FINE_KINDS)[number];

export const MAX_HANDS = 60;
export const MAX_GRACE_DAYS = 30;
