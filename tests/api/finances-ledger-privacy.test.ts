import { describe, expect, it } from 'vitest';
import { addMember, makeUser } from '../factories';
import { as } from '../setup/communities';
import { FIN, csvColumn, financeWorld } from '../setup/finances';
import { TRANSPORTS } from '../setup/transport';

/*
 * Nobody's payments are shown to other members unless the community chose so explicitly. Under
 * 'ledger' a plain member sees every entry, but another member's payment (and its reversal) reads
 * "a member", without its reference; under 'named_ledger' (the explicit choice) names show.
 * Officers always see names.
 */

async function twoPayers(transparency: 'ledger' | 'named_ledger') {
  const w = await financeWorld();
  const other = await makeUser(w.t.db, { firstName: 'Chioma', lastName: 'Eze' });
  addMember(w.t.db, { communityId: w.community.id, user: other });
  const o = await as(w.t, other);
  const tr = await as(w.t, w.treasurer);
  const declared = await o.mutate('finances.declarePayment', { communityId: w.community.id, amount: 3000, purpose: 'dues', method: 'mobile_money', provider: 'MTN MoMo', reference: 'MP-CHIOMA-0142' });
  await tr.mutate('finances.confirmPayment', { id: declared.data.id, accountId: w.books.account });
  const entry = w.t.db.$client.prepare('SELECT id FROM ledger_entries WHERE payment_id = ?').pluck().get(declared.data.id) as number;
  await tr.mutate('finances.reverseEntry', { id: entry, reason: 'Chioma’s transfer bounced' });
  expect((await tr.mutate('finances.updateSettings', { communityId: w.community.id, transparency })).data).toMatchObject({ transparency });
  return { ...w, other, tr, m: await as(w.t, w.member), otherEntry: entry };
}

type Entry = { id: number; member: string | null; memberHidden: boolean; description: string; reversesId: number | null; kind: string };

for (const T of TRANSPORTS) {
  describe(`${T.name}: the ledger a plain member reads`, () => {
    it('under "ledger": another member’s payment and its reversal read "a member", without reference or reason; their own keeps their name', async () => {
      const w = await twoPayers('ledger');
      const r = await T.call(w.m, FIN.entries, { communityId: w.community.id });
      expect(r.status).toBe(200);
      const items = T.page<Entry>(r).items;
      const theirs = items.filter((e) => e.id === w.otherEntry || e.reversesId === w.otherEntry);
      expect(theirs).toHaveLength(2);
      for (const e of theirs) expect(e).toMatchObject({ member: null, memberHidden: true });
      expect(theirs.find((e) => e.kind === 'payment')!.description).toBe('dues');
      expect(theirs.find((e) => e.kind === 'reversal')!.description).toBe('');
      expect(JSON.stringify(r.raw)).not.toMatch(/Chioma|MP-CHIOMA|bounced/);
      const own = items.find((e) => e.id === w.books.entry)!;
      expect(own).toMatchObject({ memberHidden: false, member: expect.stringMatching(/^Musa /) });
      // The summary says members see the ledger.
      expect((await T.call(w.m, FIN.summary, { communityId: w.community.id })).data).toMatchObject({ transparency: 'ledger', ledgerVisible: true });
    });

    it('under "named_ledger": every payer is named, as the community chose', async () => {
      const w = await twoPayers('named_ledger');
      const items = T.page<Entry>(await T.call(w.m, FIN.entries, { communityId: w.community.id })).items;
      const payment = items.find((e) => e.id === w.otherEntry)!;
      expect(payment).toMatchObject({ member: expect.stringMatching(/^Chioma Eze/), memberHidden: false, description: 'dues · MP-CHIOMA-0142' });
      expect((await T.call(w.m, FIN.summary, { communityId: w.community.id })).data).toMatchObject({ transparency: 'named_ledger', ledgerVisible: true });
    });

    it('officers see every name under "ledger"', async () => {
      const w = await twoPayers('ledger');
      const items = T.page<Entry>(await T.call(w.tr, FIN.entries, { communityId: w.community.id })).items;
      expect(items.find((e) => e.id === w.otherEntry)).toMatchObject({ member: expect.stringMatching(/^Chioma Eze/), memberHidden: false });
    });
  });
}

describe('REST: the ledger CSV a plain member downloads', () => {
  it('under "ledger" names another member’s payments "a member" (in the reader’s language) and leaves out their reference', async () => {
    const w = await twoPayers('ledger');
    const url = `/api/communities/${w.community.id}/finances/export.csv?from=2000-01-01`;
    const csv = String((await w.m.rest('GET', url)).body);
    expect(csv).not.toMatch(/Chioma|MP-CHIOMA|bounced/);
    const ids = csvColumn(csv, 'Entry no.').map(Number);
    const members = csvColumn(csv, 'Member');
    const reverses = csvColumn(csv, 'Reverses entry no.').map(Number);
    ids.forEach((id, i) => {
      if (id === w.otherEntry || reverses[i] === w.otherEntry) expect(members[i]).toBe('A member');
    });
    expect(members[ids.indexOf(w.books.entry)]).toMatch(/^Musa /);
    // The export is written in the reader's profile language.
    w.t.db.$client.prepare("UPDATE users SET language = 'fr' WHERE id = ?").run(w.member.id);
    const fr = String((await w.m.rest('GET', url)).body);
    expect(csvColumn(fr, 'Membre')[ids.indexOf(w.otherEntry)]).toBe('Un membre');
  });

  it('under "named_ledger" names every payer', async () => {
    const w = await twoPayers('named_ledger');
    const csv = String((await w.m.rest('GET', `/api/communities/${w.community.id}/finances/export.csv?from=2000-01-01`)).body);
    expect(csv).toMatch(/Chioma Eze/);
  });
});
