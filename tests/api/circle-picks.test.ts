import { describe, expect, it } from 'vitest';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp } from '../setup/app';
import { as } from '../setup/communities';
import { expectError } from '../setup/errors';

/*
 * Fixed circles whose members choose the order: approved members pick free payout positions
 * while the circle recruits, first come first served and one per hand; at start the picks hold
 * and the free positions go to the other hands in joining order.
 */

describe('members pick their payout positions', () => {
  it('first come first served, one position per hand, kept at start', async () => {
    const t = makeTestApp();
    const organiser = await makeUser(t.db, { firstName: 'Ngozi' });
    const awa = await makeUser(t.db, { firstName: 'Awa' });
    const tabe = await makeUser(t.db, { firstName: 'Tabe' });
    const community = makeCommunity(t.db, { creator: organiser, name: 'Limbe Susu' });
    addMember(t.db, { communityId: community.id, user: awa });
    addMember(t.db, { communityId: community.id, user: tabe });
    const [org, a, b] = [await as(t, organiser), await as(t, awa), await as(t, tabe)];
    const call = (who: typeof org, path: string, input: Record<string, unknown>) => who.rest('POST', `/trpc/njangi.${path}`, input);

    const created = await call(org, 'create', {
      communityId: community.id, name: 'Pick your turn', currency: 'XAF', contribution: 5000, frequency: 'weekly',
      startDate: '2026-03-07', timeZone: 'Africa/Douala', hands: 4, maxHandsPerMember: 2, payoutMethod: 'fixed', orderBy: 'members',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.result.data.id;
    await call(a, 'join', { id, hands: 2 });
    // Not approved yet: no pick.
    expect((await call(a, 'pickPosition', { id, position: 1 })).status).toBe(403);
    await call(b, 'join', { id, hands: 1 });
    for (const u of [awa, tabe]) expect((await call(org, 'decideJoin', { id, userId: u.id, approve: true })).status).toBe(200);

    expect((await call(a, 'pickPosition', { id, position: 3 })).status).toBe(200);
    // Two members racing for one position: one gets it, the other is told it is taken.
    const race = await Promise.all([call(a, 'pickPosition', { id, position: 1 }), call(b, 'pickPosition', { id, position: 1 })]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = race[0]!.status === 200 ? awa : tabe;
    // Awa has two hands: after two picks she has none left.
    if (winner === awa) expectError(await call(a, 'pickPosition', { id, position: 2 }), 'CONFLICT', 'errors.njangi.noPicksLeft');
    expect((await call(b, 'pickPosition', { id, position: 9 })).status).toBe(400);
    const detail = (await org.rest('GET', `/trpc/njangi.get?input=${encodeURIComponent(JSON.stringify({ id }))}`)).body.result.data;
    expect(detail.picks.map((p: any) => [p.position, p.userId])).toEqual([[1, winner.id], [3, awa.id]]);

    expect((await call(org, 'start', { id })).status).toBe(200);
    const started = (await org.rest('GET', `/trpc/njangi.get?input=${encodeURIComponent(JSON.stringify({ id }))}`)).body.result.data;
    const order = started.rounds.map((r: any) => r.beneficiary.userId);
    expect(order[0]).toBe(winner.id);
    expect(order[2]).toBe(awa.id);
    // Every hand receives once: Awa twice (two hands), Tabe and the organiser once each.
    expect(order.filter((u: string) => u === awa.id)).toHaveLength(2);
    expect(new Set(order)).toEqual(new Set([organiser.id, awa.id, tabe.id]));
  });

  it('leaving the community gives up a place and its picked position in a circle that has not started', async () => {
    const t = makeTestApp();
    const organiser = await makeUser(t.db, { firstName: 'Ngozi' });
    const awa = await makeUser(t.db, { firstName: 'Awa' });
    const community = makeCommunity(t.db, { creator: organiser, name: 'Kribi Susu' });
    addMember(t.db, { communityId: community.id, user: awa });
    const [org, a] = [await as(t, organiser), await as(t, awa)];
    const call = (who: typeof org, path: string, input: Record<string, unknown>) => who.rest('POST', `/trpc/njangi.${path}`, input);
    const id = (await call(org, 'create', {
      communityId: community.id, name: 'Pick and leave', currency: 'XAF', contribution: 5000, frequency: 'weekly',
      startDate: '2026-03-07', timeZone: 'Africa/Douala', hands: 2, payoutMethod: 'fixed', orderBy: 'members',
    })).body.result.data.id;
    await call(a, 'join', { id, hands: 1 });
    await call(org, 'decideJoin', { id, userId: awa.id, approve: true });
    expect((await call(a, 'pickPosition', { id, position: 1 })).status).toBe(200);
    expect((await a.rest('POST', `/api/communities/${community.id}/leave`)).status).toBe(200);
    const detail = (await org.rest('GET', `/trpc/njangi.get?input=${encodeURIComponent(JSON.stringify({ id }))}`)).body.result.data;
    expect(detail.members.map((m: any) => m.userId)).toEqual([organiser.id]);
    expect(detail.picks).toEqual([]);
    // The circle now lacks a hand: it cannot start until someone else takes it.
    expect((await call(org, 'start', { id })).status).toBe(409);
  });
});
