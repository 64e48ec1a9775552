import { settleRound, winningBid } from '@shared/njangi/money';
import type { Detail, Hand, Round } from './model';

export type PayoutPreview = {
  hand: Hand | undefined;
  pot: number;
  collected: number;
  /** Contributions of this round still waiting for the organiser: unconfirmed, they count as shortfall. */
  waiting: number;
  shortfall: number;
  fines: number;
  fee: number;
  discount: number;
  carryIn: number;
  share: number;
  amount: number;
};

/**
 * What recording this round's payout would hand over, worked out as the server's recordPayout
 * does (settleRound from the shared rules) from what the organiser sees: every confirmed
 * contribution, the fines paid since the last pot, the auction's bids. Only the organiser gets
 * those, so only the organiser's screen calls this; the server's figures are what count.
 */
export function payoutPreview(d: Detail, round: Round): PayoutPreview {
  const c = d.circle;
  const ofRound = d.contributions.filter((x) => x.roundId === round.id);
  const collected = ofRound.filter((x) => x.status === 'confirmed').reduce((s, x) => s + x.amount, 0);
  const waiting = ofRound.filter((x) => x.status === 'pending').length;
  const fines = d.fines.filter((f) => f.status === 'paid' && f.potRoundId === null).reduce((s, f) => s + f.amount, 0);

  let handId = round.beneficiary?.handId;
  let discount = 0;
  if (c.payoutMethod === 'auction') {
    // As the server decides: the best bid among hands still waiting and not behind; no bid, the first of those in hand order.
    const waitingHands = d.hands.filter((h) => !h.received).sort((a, b) => a.handNo - b.handNo);
    const eligible = new Set(waitingHands.filter((h) => !h.behind).map((h) => h.id));
    const bid = winningBid(
      d.bids.filter((b) => b.roundId === round.id),
      eligible,
    );
    if (bid) {
      handId = bid.handId;
      discount = bid.discount;
    } else handId = (waitingHands.find((h) => eligible.has(h.id)) ?? waitingHands[0])?.id;
  }

  const pot = c.hands * c.contribution;
  const shortfall = pot - collected;
  let settled: ReturnType<typeof settleRound> | null = null;
  try {
    settled = settleRound({ hands: c.hands, contribution: c.contribution, feeBps: c.feeBps, fines, discount, carryIn: c.carry, lastRound: round.number === c.hands });
  } catch {
    // A discount larger than the pot after the fee: the server refuses it too; nothing to preview.
  }
  return {
    hand: d.hands.find((h) => h.id === handId),
    pot,
    collected,
    waiting,
    shortfall,
    fines,
    fee: settled?.fee ?? 0,
    discount,
    carryIn: c.carry,
    share: settled?.share ?? 0,
    amount: settled ? settled.payout - shortfall : 0,
  };
}
