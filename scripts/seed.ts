// `npm run db:seed`: demo users, communities with banners, memberships in every role and a
// pending join request, built with the factories the tests use. Refuses a database that
// already has users unless --force is given (then it only adds, never changes or deletes).
import { count, eq, sql } from 'drizzle-orm';
import { joinRequests, users, type UserRow } from '../db/schema';
import { openDatabase, type DB } from '../db/database';
import { envOrExit } from './cli';
import { addMember, FACTORY_PASSWORD, makeCommunity, makeUser } from '../tests/factories';
import { storeBanner } from './seed/banner';
import { COMMUNITIES, PEOPLE, PENDING_REQUEST } from './seed/data';

const DAY = 24 * 60 * 60 * 1000;

/** The first of base, base2, base3… that no user has yet (so --force can add beside an earlier seed). */
function firstFree(taken: (candidate: string) => boolean, make: (n: number) => string): string {
  for (let n = 1; ; n += 1) {
    const candidate = make(n);
    if (!taken(candidate)) return candidate;
  }
}

async function seed(db: DB, uploadsDir: string, now: number) {
  const emailTaken = (email: string) => !!db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  const usernameTaken = (name: string) =>
    !!db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${name.toLowerCase()}`).get();

  const people = new Map<string, UserRow>();
  for (const [i, p] of PEOPLE.entries()) {
    const local = `${p.firstName}.${p.lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    const email = firstFree(emailTaken, (n) => `${local}${n > 1 ? `+${n}` : ''}@example.org`);
    const username = firstFree(usernameTaken, (n) => (n > 1 ? `${p.username}${n}` : p.username));
    const user = await makeUser(db, {
      firstName: p.firstName,
      lastName: p.lastName,
      email,
      username,
      location: p.location,
      phoneNumber: p.phoneNumber,
      bio: p.bio,
      createdAt: now - (200 - i) * DAY,
      updatedAt: now - (200 - i) * DAY,
    });
    people.set(p.key, user);
  }
  const person = (key: string) => {
    const user = people.get(key);
    if (!user) throw new Error(`seed data names an unknown person: ${key}`);
    return user;
  };

  // Oldest first, so ids and creation dates agree (lists are newest first by id).
  const ordered = [...COMMUNITIES].sort((a, b) => b.daysAgo - a.daysAgo);
  const created = new Map<string, number>();
  for (const [i, c] of ordered.entries()) {
    const createdAt = now - c.daysAgo * DAY;
    const imageUrl = await storeBanner(uploadsDir, c.palette, i + 1);
    const row = makeCommunity(db, {
      creator: person(c.creator),
      name: c.name,
      description: c.description,
      location: c.location,
      isPublic: c.isPublic,
      imageUrl,
      now: createdAt,
    });
    created.set(c.name, row.id);
    for (const [j, [key, role]] of c.members.entries()) {
      addMember(db, { communityId: row.id, user: person(key), role, now: createdAt + (j + 1) * DAY });
    }
    process.stdout.write(`  ${c.isPublic ? 'public ' : 'private'}  ${c.name} (${c.members.length + 1} members)\n`);
  }

  const requestCommunity = created.get(PENDING_REQUEST.community);
  if (requestCommunity === undefined) throw new Error(`seed data names an unknown community: ${PENDING_REQUEST.community}`);
  db.insert(joinRequests)
    .values({ communityId: requestCommunity, userId: person(PENDING_REQUEST.person).id, status: 'pending', createdAt: now - 2 * DAY })
    .run();

  return { people, ordered };
}

function rolesOf(key: string): string {
  const roles: string[] = [];
  for (const c of COMMUNITIES) {
    if (c.creator === key) roles.push(`creator of ${c.name}`);
    for (const [member, role] of c.members) if (member === key) roles.push(`${role} of ${c.name}`);
  }
  if (PENDING_REQUEST.person === key) roles.push(`waiting to join ${PENDING_REQUEST.community}`);
  return roles.join('; ');
}

async function main() {
  const env = envOrExit();
  const force = process.argv.includes('--force');
  const db = openDatabase(env.DATABASE_PATH);
  try {
    const existing = db.select({ n: count() }).from(users).get()!.n;
    if (existing > 0 && !force) {
      console.error(
        `${env.DATABASE_PATH} already has ${existing} user(s); seeding is meant for an empty database.\n` +
          'Run `npm run db:seed -- --force` to add the demo data beside them (nothing is changed or deleted),\n' +
          'or `npm run db:reset -- --yes` first to start from an empty database.',
      );
      process.exitCode = 1;
      return;
    }
    console.log(`Seeding ${env.DATABASE_PATH} (banners in ${env.UPLOADS_DIR})`);
    const { people } = await seed(db, env.UPLOADS_DIR, Date.now());

    console.log(`\nDemo accounts (every password is ${FACTORY_PASSWORD}):\n`);
    for (const p of PEOPLE) {
      const user = people.get(p.key)!;
      console.log(`  ${`${user.firstName} ${user.lastName}`.padEnd(18)} ${user.email.padEnd(32)} ${rolesOf(p.key)}`);
    }
    console.log(`\nStart the app with \`npm start\` and sign in with any of them.`);
  } finally {
    db.$client.close();
  }
}

await main();
