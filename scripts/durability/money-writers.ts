// The durability writers of the welfare fund and the savings group (seeded by money-seed.ts), in
// the style of domain-writers.ts: one request at a time, a unique reference on each write so the
// checks after a restart find it, and the ledger keeping only what was acknowledged.
//   - a levy payment: the writer declares a small payment of its own levy in another home; it joins
//     that home's payments queue, which its creator confirms into the cash box (the fund's income);
//   - savings: the writer declares its shares for the next meeting of another home's group; the
//     home's creator, the group's chair, confirms the oldest declaration waiting (four eyes: never
//     the declarer's own money).
import type { Op, WriteContext, Writer } from './writers';
import { writeFor } from './http';

export type MoneyLedger = {
  /** Acknowledged savings declarations: unique reference -> the states its shares entry may be in. */
  savings: Map<string, Set<'pending' | 'confirmed'>>;
  /** Home community -> acknowledged declarations waiting for its chair (each tried once). */
  savingsToConfirm: Map<number, { id: number; reference: string }[]>;
};

export const emptyMoneyLedger = (): MoneyLedger => ({ savings: new Map(), savingsToConfirm: new Map() });

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
/** A home's queue of declarations waiting for its chair. */
function queue(ctx: WriteContext, communityId: number) {
  const waiting = ctx.ledger.money.savingsToConfirm.get(communityId) ?? [];
  ctx.ledger.money.savingsToConfirm.set(communityId, waiting);
  return waiting;
}
const label = (ctx: WriteContext, w: Writer, what: string) => `${what} r${ctx.round} w${w.index} #${(w.seq += 1)}`;

/** A payment of the writer's own levy in another home: a pending payment like any declared one. */
const payLevy: Op = async (w, ctx) => {
  const home = pick(ctx.homes.filter((h) => h.communityId !== w.home));
  const levy = home.levyOf[w.userId];
  if (!levy) return;
  const reference = label(ctx, w, 'Levy');
  w.inFlight = { kind: 'row', what: 'levy payment', sql: 'SELECT 1 FROM payments WHERE reference = ?', params: [reference] };
  const body = { amount: 100 + Math.floor(Math.random() * 900), method: 'mobile_money', provider: 'MTN MoMo', reference };
  const declared = (await writeFor(ctx, w, 'POST', `/api/welfare/levies/${levy}/payments`, body)) as { id: number } | null;
  if (!declared) return;
  ctx.ledger.domains.payments.set(reference, new Set(['pending']));
  ctx.ledger.domains.toConfirm.get(home.communityId)!.push({ id: declared.id, reference });
};

/** The writer's shares for the next meeting (held by now) of another home's savings group. */
const declareShares: Op = async (w, ctx) => {
  const home = pick(ctx.homes.filter((h) => h.communityId !== w.home));
  const next = w.savingsDeclared.get(home.savingsGroup) ?? 0;
  if (next >= home.meetings.length) return;
  w.savingsDeclared.set(home.savingsGroup, next + 1);
  const reference = label(ctx, w, 'Shares');
  w.inFlight = { kind: 'row', what: 'savings declaration', sql: 'SELECT 1 FROM savings_entries WHERE reference = ?', params: [reference] };
  const body = { method: 'cash', shares: 1 + Math.floor(Math.random() * 5), reference };
  const rows = (await writeFor(ctx, w, 'POST', `/api/savings-meetings/${home.meetings[next]}/declarations`, body)) as { id: number }[] | null;
  if (!rows) return;
  ctx.ledger.money.savings.set(reference, new Set(['pending']));
  queue(ctx, home.communityId).push({ id: rows[0]!.id, reference });
};

/** The home's creator, its group's chair, confirms the oldest declaration waiting in its group. */
const confirmShares: Op = async (w, ctx) => {
  const waiting = queue(ctx, w.home).shift();
  if (!waiting) return;
  ctx.ledger.money.savings.get(waiting.reference)!.add('confirmed');
  w.inFlight = { kind: 'row', what: 'savings confirmation', sql: "SELECT 1 FROM savings_entries WHERE reference = ? AND status = 'confirmed'", params: [waiting.reference] };
  const confirmed = await writeFor(ctx, w, 'POST', `/api/savings-entries/${waiting.id}/confirm`);
  ctx.ledger.money.savings.set(waiting.reference, new Set([confirmed ? 'confirmed' : 'pending']));
};

export const MONEY_OPS: [Op, number][] = [
  [payLevy, 5],
  [declareShares, 5],
  [confirmShares, 5],
];
