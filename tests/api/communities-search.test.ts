import { describe, expect, it } from 'vitest';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { anonymous, as } from '../setup/communities';
import { OPS, type Transport, transportsFor, REST } from '../setup/transport';
import { expectError } from '../setup/errors';

/** Search: a case-insensitive substring of name or description; location is matched separately. */
const FIXTURES = [
  { name: 'Houston Njangi Circle', description: 'Monthly savings for Cameroonians.', location: 'Dallas, TX' },
  { name: 'Lagos Book Club', description: 'We read Achebe and Adichie together.', location: 'Houston, TX' },
  { name: 'Nairobi Runners', description: 'Saturday runs and a NJANGI on the side.', location: 'Nairobi' },
  { name: '100% Kenyan_Pride "Club"', description: "It's a club: 50% fun, 50% dancing.", location: 'Austin, TX' },
  { name: 'Rock AND Roll Society', description: 'Highland music* (and more).', location: null },
  { name: 'Ghana Tech Network', description: 'Engineers from Ghana in Atlanta.', location: 'Atlanta, GA' },
] as const;

async function seed(t: TestApp) {
  const creator = await makeUser(t.db);
  return FIXTURES.map((f) => makeCommunity(t.db, { creator, ...f }));
}

/** What that rule says the search should return, newest first (the list's order). */
function expected(search?: string, location?: string) {
  const has = (v: string | null, term?: string) => !term?.trim() || (v ?? '').toLowerCase().includes(term.trim().toLowerCase());
  return FIXTURES.filter((f) => (has(f.name, search) || has(f.description, search)) && has(f.location, location))
    .map((f) => f.name)
    .reverse();
}

async function names(tr: Transport, t: TestApp, input: Record<string, unknown>) {
  const r = await tr.call(anonymous(t), OPS.allCommunities, input);
  expect(r.status, JSON.stringify(r.raw)).toBe(200);
  return tr.page(r).items.map((c: { name: string }) => c.name);
}

for (const tr of transportsFor(REST)) {
  describe(`${tr.title(OPS.allCommunities)} search`, () => {
    it('finds "NJANG" in "Houston Njangi Circle" (case-insensitive substring of the name) and in a description', async () => {
      const t = makeTestApp();
      await seed(t);
      expect(await names(tr, t, { search: 'NJANG' })).toEqual(['Nairobi Runners', 'Houston Njangi Circle']);
      expect(await names(tr, t, { search: 'achebe' })).toEqual(['Lagos Book Club']);
      expect(await names(tr, t, { search: 'ngi cir' })).toEqual(['Houston Njangi Circle']);
    });

    it('does not match the search text against location, nor the location filter against name', async () => {
      const t = makeTestApp();
      await seed(t);
      // "Houston" is the name of one community and the location of another.
      expect(await names(tr, t, { search: 'Houston' })).toEqual(['Houston Njangi Circle']);
      expect(await names(tr, t, { location: 'houston' })).toEqual(['Lagos Book Club']);
      expect(await names(tr, t, { location: 'Nairobi' })).toEqual(['Nairobi Runners']);
      expect(await names(tr, t, { search: 'Dallas' })).toEqual([]);
    });

    it('combines search and location (both must match)', async () => {
      const t = makeTestApp();
      await seed(t);
      expect(await names(tr, t, { search: 'club', location: 'TX' })).toEqual(expected('club', 'TX'));
      expect(await names(tr, t, { search: 'club', location: 'austin' })).toEqual(['100% Kenyan_Pride "Club"']);
      expect(await names(tr, t, { search: 'njangi', location: 'Lagos' })).toEqual([]);
    });

    it.each([
      ['a two-letter location', undefined, 'TX'],
      ['a one-letter search', 'K', undefined],
      ['a two-letter search', 'nj', undefined],
      ['a two-letter search and a long location', 'cl', 'houston'],
      ['a long search and a two-letter location', 'club', 'tx'],
    ])('still works for %s (LIKE fallback below three characters)', async (_label, search, location) => {
      const t = makeTestApp();
      await seed(t);
      const want = expected(search, location);
      expect(want.length).toBeGreaterThan(0);
      expect(await names(tr, t, { search, location })).toEqual(want);
    });

    it.each([
      ["'"],
      ['"'],
      ['"Club"'],
      ['%'],
      ['50%'],
      ['_'],
      ['n_j'],
      ['AND'],
      ['*'],
      ['music*'],
      ['"club" OR "tech"'],
      ['NEAR(a b)'],
      ['name: Lagos'],
      ['{name}:x'],
      ['-club'],
      ['^Rock'],
      ['(and'],
      ['\\'],
      ['%_%'],
      ["'; DROP TABLE communities; --"],
      ['ü'],
      ['🙂🙂🙂'],
    ])('treats %j literally and never fails', async (term) => {
      const t = makeTestApp();
      await seed(t);
      expect(await names(tr, t, { search: term })).toEqual(expected(term));
      expect(await names(tr, t, { location: term })).toEqual(expected(undefined, term));
      // Still all there afterwards.
      expect(await names(tr, t, {})).toHaveLength(FIXTURES.length);
    });

    it('matches % and _ as characters, not wildcards', async () => {
      const t = makeTestApp();
      await seed(t);
      expect(await names(tr, t, { search: '%' })).toEqual(['100% Kenyan_Pride "Club"']);
      expect(await names(tr, t, { search: '_' })).toEqual(['100% Kenyan_Pride "Club"']);
      expect(await names(tr, t, { search: 'AND' })).toEqual(expected('AND'));
      expect(expected('AND')).toContain('Lagos Book Club'); // "Achebe and Adichie": case-insensitive
    });

    it('ignores surrounding spaces and treats a blank search as none', async () => {
      const t = makeTestApp();
      await seed(t);
      expect(await names(tr, t, { search: '  njangi  ' })).toEqual(expected('njangi'));
      expect(await names(tr, t, { search: '   ', location: '' })).toHaveLength(FIXTURES.length);
    });

    it.each([['search'], ['location']])('refuses a NUL character in %s with 400, not 500 (FTS5 cannot take it literally)', async (field) => {
      const t = makeTestApp();
      await seed(t);
      for (const term of ['\u0000abc', 'ab\u0000', '\u0000']) {
        const r = await tr.call(anonymous(t), OPS.allCommunities, { [field]: term });
        expect(r.status).toBe(400);
        expectError(r, 'BAD_REQUEST', 'validation.searchNul');
      }
    });

    it('refuses a search longer than 100 characters with 400', async () => {
      const t = makeTestApp();
      const r = await tr.call(anonymous(t), OPS.allCommunities, { search: 'x'.repeat(101) });
      expect(r.status).toBe(400);
      expectError(r, 'BAD_REQUEST', 'validation.searchLong');
    });

    it('searches only public communities when signed out, and private ones as summaries when signed in', async () => {
      const t = makeTestApp();
      const creator = await makeUser(t.db);
      makeCommunity(t.db, { creator, name: 'Secret Njangi', isPublic: false, location: 'Houston' });
      makeCommunity(t.db, { creator, name: 'Open Njangi', location: 'Houston' });
      expect(await names(tr, t, { search: 'njangi' })).toEqual(['Open Njangi']);
      const viewer = await as(t, await makeUser(t.db));
      const page = tr.page(await tr.call(viewer, OPS.allCommunities, { search: 'njangi' }));
      expect(page.items.map((c) => [c.name, c.location])).toEqual([
        ['Open Njangi', 'Houston'],
        ['Secret Njangi', null],
      ]);
      expect(await names(tr, t, { location: 'houston' })).toEqual(['Open Njangi']);
    });

    it.each([['houston'], ['TX']])(
      "does not let an outsider find a private community by its hidden location (%s); a member still can",
      async (location) => {
        const t = makeTestApp();
        const creator = await makeUser(t.db);
        const secret = makeCommunity(t.db, { creator, name: 'Secret Njangi', isPublic: false, location: 'Houston, TX' });
        makeCommunity(t.db, { creator, name: 'Open Choir', location: 'Houston, TX' });
        const outsider = await as(t, await makeUser(t.db));
        const shown = async (a: typeof outsider, input: Record<string, unknown>) =>
          tr.page(await tr.call(a, OPS.allCommunities, input)).items.map((c) => c.name);
        expect(await shown(outsider, { location })).toEqual(['Open Choir']);
        expect(await shown(outsider, { location, search: 'njangi' })).toEqual([]);
        // Its name and description stay searchable: they are its public summary.
        expect(await shown(outsider, { search: 'njangi' })).toEqual(['Secret Njangi']);
        const member = await makeUser(t.db);
        addMember(t.db, { communityId: secret.id, user: member });
        expect(await shown(await as(t, member), { location })).toEqual(['Open Choir', 'Secret Njangi']);
      },
    );

    it('pages search results with the cursor, without duplicates or gaps', async () => {
      const t = makeTestApp();
      const creator = await makeUser(t.db);
      const ids: number[] = [];
      for (let i = 0; i < 9; i++) {
        const c = makeCommunity(t.db, { creator, name: i % 2 ? `Njangi group ${i}` : `Choir ${i}` });
        if (i % 2) ids.unshift(c.id);
      }
      for (const search of ['njangi', 'nj']) {
        const seen: number[] = [];
        let cursor: number | undefined;
        do {
          const page = tr.page(await tr.call(anonymous(t), OPS.allCommunities, { search, limit: 3, cursor }));
          seen.push(...page.items.map((c) => c.id as number));
          cursor = page.nextCursor ?? undefined;
        } while (cursor !== undefined);
        expect(seen).toEqual(ids);
      }
    });

    it('follows an update of name, description and location (the index triggers)', async () => {
      const t = makeTestApp();
      const creator = await makeUser(t.db);
      const admin = await makeUser(t.db);
      const c = makeCommunity(t.db, { creator, name: 'Old Name Circle', description: 'Original description here.', location: 'Boston' });
      addMember(t.db, { communityId: c.id, user: admin, role: 'admin' });
      const a = await as(t, admin);
      const r = await a.mutate('communities.update', { communityId: c.id, name: 'Zanzibar Friends', description: 'Renamed and refreshed group.', location: 'Seattle' });
      expect(r.status).toBe(200);
      expect(await names(tr, t, { search: 'old name' })).toEqual([]);
      expect(await names(tr, t, { search: 'original' })).toEqual([]);
      expect(await names(tr, t, { search: 'ZANZIBAR' })).toEqual(['Zanzibar Friends']);
      expect(await names(tr, t, { search: 'refreshed' })).toEqual(['Zanzibar Friends']);
      expect(await names(tr, t, { location: 'boston' })).toEqual([]);
      expect(await names(tr, t, { location: 'seattle' })).toEqual(['Zanzibar Friends']);
      // Clearing the location takes it out of location searches.
      await a.mutate('communities.update', { communityId: c.id, location: '' });
      expect(await names(tr, t, { location: 'seattle' })).toEqual([]);
      expect(await names(tr, t, { search: 'zanzibar' })).toEqual(['Zanzibar Friends']);
    });
  });
}
