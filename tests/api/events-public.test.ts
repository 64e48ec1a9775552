import { describe, expect, it } from 'vitest';
import { agent } from '../setup/app';
import { DAY, eventWorld, HOUR, newEvent } from '../setup/events';

/*
 * A public community's public page lists its upcoming public events for anyone, signed in or
 * not: never a members-only event, a cancelled or past one, or an online link; a private
 * community has no public events to show (404, as for a community that does not exist).
 */

describe('events.public: what a community’s public page lists', () => {
  it('public, upcoming, scheduled events only, without online links, for anyone', async () => {
    const { t, agents, community, privateCommunity } = await eventWorld();
    const create = async (over: Record<string, unknown>) => (await agents.host.mutate('events.create', newEvent(t, community.id, over))).data.id as number;
    const open = await create({ title: 'Cultural night', visibility: 'public', onlineUrl: 'https://meet.example.org/secret' });
    await create({ title: 'Members meeting', visibility: 'members' });
    const cancelled = await create({ title: 'Picnic', visibility: 'public' });
    await agents.host.mutate('events.cancel', { id: cancelled, reason: 'Rain' });
    const later = await create({ title: 'Independence day', visibility: 'public', startsAt: t.clock.now() + 9 * DAY, endsAt: t.clock.now() + 9 * DAY + 4 * HOUR });

    const anonymous = await agent(t).query('events.public', { communityId: community.id });
    expect(anonymous.status, JSON.stringify(anonymous.error)).toBe(200);
    expect(anonymous.data.items.map((e: { id: number }) => e.id)).toEqual([open, later]);
    expect(anonymous.data.items[0]).toMatchObject({ title: 'Cultural night', online: true, place: '1200 Main St, Houston' });
    expect(JSON.stringify(anonymous.data)).not.toContain('meet.example.org');

    // Once it is over it leaves the page.
    t.clock.advance(3 * DAY);
    expect((await agents.outsider.query('events.public', { communityId: community.id })).data.items.map((e: { id: number }) => e.id)).toEqual([later]);

    // Paged by start.
    t.clock.set(t.clock.now() - 3 * DAY);
    const first = await agent(t).query('events.public', { communityId: community.id, limit: 1 });
    expect(first.data.items.map((e: { id: number }) => e.id)).toEqual([open]);
    const next = await agent(t).query('events.public', { communityId: community.id, limit: 1, cursor: first.data.nextCursor });
    expect(next.data.items.map((e: { id: number }) => e.id)).toEqual([later]);

    await agents.host.mutate('events.create', newEvent(t, privateCommunity.id, { visibility: 'public' }));
    const hidden = await agents.amara.query('events.public', { communityId: privateCommunity.id });
    expect(hidden.status).toBe(404);
  });
});
