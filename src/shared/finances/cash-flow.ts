/*
 * Money in and out month by month and the balance at each month's end, from the ledger's monthly
 * totals (finance_monthly, kept with every entry in the UTC month it was made). The balance is the
 * running sum of every month's net from the books' first entry, so the last month's balance is
 * what the accounts hold together.
 */

export type MonthTotals = { month: string; moneyIn: number; moneyOut: number };
export type CashFlowMonth = MonthTotals & { balance: number };

/** 'YYYY-MM' of the UTC month `back` months before the one holding `now`. */
export function monthBefore(now: number, back: number): string {
  const d = new Date(now);
  const index = d.getUTCFullYear() * 12 + d.getUTCMonth() - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The last `count` months up to the one holding `now`, oldest first, every month present (a month
 * without entries moves nothing and keeps the balance). `totals` may hold several rows per month
 * (one per category) and months before the window (they make the opening balance) or after it
 * (ignored: an entry dated in the future moves no past balance).
 */
export function cashFlowMonths(totals: readonly MonthTotals[], now: number, count: number): CashFlowMonth[] {
  const first = monthBefore(now, count - 1);
  const last = monthBefore(now, 0);
  let opening = 0;
  const inWindow = new Map<string, { moneyIn: number; moneyOut: number }>();
  for (const t of totals) {
    if (t.month < first) opening += t.moneyIn - t.moneyOut;
    else if (t.month <= last) {
      const m = inWindow.get(t.month) ?? { moneyIn: 0, moneyOut: 0 };
      m.moneyIn += t.moneyIn;
      m.moneyOut += t.moneyOut;
      inWindow.set(t.month, m);
    }
  }
  let balance = opening;
  const out: CashFlowMonth[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const month = monthBefore(now, back);
    const m = inWindow.get(month) ?? { moneyIn: 0, moneyOut: 0 };
    balance += m.moneyIn - m.moneyOut;
    out.push({ month, moneyIn: m.moneyIn, moneyOut: m.moneyOut, balance });
  }
  return out;
}
