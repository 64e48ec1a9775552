// What the load test's newer-domain requests act on, written straight into its copy of the
// database before the server starts (the services and factories, as the durability run does): the
// bench owner's community gets open books, an event, an open poll and its #general channel,
// `members` more members with sessions, so the writes spread over many accounts as they would in
// life (the chat allows one member 20 messages per 10 seconds), and a welfare fund and a savings
// group those members are in (money.ts).
import { eq, notInArray } from 'drizzle-orm';
import { openDatabase } from '../../db/database';
import { memberships, users } from '../../db/schema';
import { createSession } from '../../src/server/auth/session';
import { createDefaultChannel } from '../../src/server/services/chat/conversations';
import { createEvent } from '../../src/server/services/events/events';
import { saveFinanceSettings } from '../../src/server/services/finances/books';
import { createPoll } from '../../src/server/services/polls/polls';
import { createEventInput } from '../../src/shared/schemas/events';
import { createPollInput } from '../../src/shared/schemas/polls';
import { addMember } from '../../tests/factories';
import { seedMoney, type MoneySeed } from './money';

export type DomainSeed = { event: number; poll: number; option: number; general: number; cookies: string[]; memberIds: string[]; money: MoneySeed };

const DAY = 86_400_000;

export function seedDomains(dbPath: string, p: { communityId: number; ownerId: string; members: number }): DomainSeed {
  const db = openDatabase(dbPath);
  try {
    const now = Date.now();
    const name = db.$client.prepare('SELECT name FROM communities WHERE id = ?').pluck().get(p.communityId) as string;
    const community = { id: p.communityId, name };
    saveFinanceSettings(db, { communityId: community.id, actorId: p.ownerId, changes: { currency: 'USD' }, cashBoxName: 'Cash box', now });
    const { communityId: _e, ...eventInput } = createEventInput.parse({
      communityId: community.id,
      title: 'Load test gathering',
      startsAt: now + 30 * DAY,
      endsAt: now + 30 * DAY + 3 * 3_600_000,
      timeZone: 'America/Chicago',
    });
    const event = (createEvent(db, { community, createdBy: p.ownerId, input: eventInput, now }) as { id: number }).id;
    const { communityId: _p, ...pollInput } = createPollInput.parse({
      communityId: community.id,
      kind: 'single',
      title: 'Load test question',
      options: ['Saturday', 'Sunday'],
      closesAt: now + 20 * DAY,
    });
    const poll = (createPoll(db, { community, createdBy: p.ownerId, input: pollInput, now }) as { id: number }).id;
    const option = db.$client.prepare('SELECT id FROM poll_options WHERE poll_id = ? ORDER BY id LIMIT 1').pluck().get(poll) as number;
    // The bench database is written in bulk, without the channel every community gets on creation.
    createDefaultChannel(db, { communityId: community.id, createdBy: p.ownerId, now });
    const general = db.$client.prepare("SELECT id FROM conversations WHERE community_id = ? AND kind = 'channel' AND is_default = 1").pluck().get(community.id) as number;

    const already = db.select({ id: memberships.userId }).from(memberships).where(eq(memberships.communityId, community.id)).all().map((r) => r.id);
    const joining = db.select().from(users).where(notInArray(users.id, already)).limit(p.members).all();
    for (const user of joining) addMember(db, { communityId: community.id, user, now });
    const cookies = joining.map((u) => `harambee_session=${createSession(db, u.id, now).token}`);
    const memberIds = joining.map((u) => u.id);
    const money = seedMoney(db, { community, ownerId: p.ownerId, memberIds, now });
    return { event, poll, option, general, cookies, memberIds, money };
  } finally {
    db.$client.close();
  }
}
