// The load mix's welfare and savings requests (seeded by money.ts): a member's levies and their
// savings statement, the officers' levy roll of the case and the group's ledger; a member declares
// a payment of their levy and the owner confirms it into the cash box; a member declares shares
// at the next meeting they have not declared at and the owner, the group's chair, confirms them.
// A connection sends its requests in order, so each confirmation follows that connection's own
// declaration and confirms it (its id kept in the connection's context): four eyes, never the
// declarer's own money, and never one confirmed twice.
import type autocannon from 'autocannon';
import type { DomainSeed } from './domains';

type Context = { levyPayment?: number; savingsEntry?: number };

export function moneyRequests(domains: DomainSeed, p: { communityId: number; owner: string; next: () => number }): autocannon.Request[] {
  const { money } = domains;
  const members = domains.memberIds.map((id, i) => ({ id, cookie: domains.cookies[i]! }));
  const payers = members.filter((m) => money.levyOf[m.id]);
  const member = () => members[p.next() % members.length]!;
  const declared = new Map<string, number>();
  const asOwner = { 'content-type': 'application/json', cookie: p.owner };
  const idOf = (body: string) => {
    try {
      const parsed = JSON.parse(body) as { id?: number } | { id: number }[];
      return Array.isArray(parsed) ? parsed[0]?.id : parsed.id;
    } catch {
      return undefined;
    }
  };
  return [
    { method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/communities/${p.communityId}/welfare/levies`, headers: { cookie: member().cookie } }) },
    { method: 'GET', path: `/api/welfare/cases/${money.welfareCase}/levies?limit=20`, headers: { cookie: p.owner } },
    {
      method: 'POST',
      setupRequest: (r) => {
        const i = p.next();
        const payer = payers[i % payers.length]!;
        return { ...r, path: `/api/welfare/levies/${money.levyOf[payer.id]}/payments`, headers: { 'content-type': 'application/json', cookie: payer.cookie }, body: JSON.stringify({ amount: 100 + (i % 50) * 10, method: 'cash', reference: `Load levy ${i}` }) };
      },
      onResponse: (_status, body, context: Context) => {
        context.levyPayment = idOf(body);
      },
    },
    {
      method: 'POST',
      setupRequest: (r, context: Context) => ({ ...r, path: `/api/finances/payments/${context.levyPayment ?? 0}/confirm`, headers: asOwner, body: JSON.stringify({ accountId: money.cashBox }) }),
    },
    { method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/savings-groups/${money.savingsGroup}/statement`, headers: { cookie: member().cookie } }) },
    { method: 'GET', path: `/api/savings-groups/${money.savingsGroup}/ledger`, headers: { cookie: p.owner } },
    {
      method: 'POST',
      setupRequest: (r) => {
        const m = member();
        const k = declared.get(m.id) ?? 0;
        declared.set(m.id, k + 1);
        const meeting = money.meetings[k % money.meetings.length];
        return { ...r, path: `/api/savings-meetings/${meeting}/declarations`, headers: { 'content-type': 'application/json', cookie: m.cookie }, body: JSON.stringify({ method: 'cash', shares: 1 + (k % 5) }) };
      },
      onResponse: (_status, body, context: Context) => {
        context.savingsEntry = idOf(body);
      },
    },
    { method: 'POST', setupRequest: (r, context: Context) => ({ ...r, path: `/api/savings-entries/${context.savingsEntry ?? 0}/confirm`, headers: asOwner }) },
  ];
}
