// The starting database of a durability run, built with the test factories before the server
// starts (no argon2 round trips over HTTP): writers with sessions, each leading a "home"
// community where the others are members (so its announcements notify them), and a pool of
// public communities owned by someone else that the writers join and leave.
import { createSession } from '../../src/server/auth/session';
import { openDatabase } from '../../db/database';
import { addMember, makeCommunity, makeUser } from '../../tests/factories';

export type WriterSeed = { userId: string; token: string; home: number };
export type Seed = { writers: WriterSeed[]; pool: number[] };

export async function seedDatabase(dbPath: string, p: { writers: number; pool: number }): Promise<Seed> {
  const db = openDatabase(dbPath);
  try {
    const now = Date.now();
    const owner = await makeUser(db, { firstName: 'Pool', lastName: 'Owner' });
    const pool = Array.from({ length: p.pool }, (_, i) =>
      makeCommunity(db, { creator: owner, name: `Durability pool ${i + 1}`, isPublic: true }).id,
    );
    const users = [];
    for (let i = 0; i < p.writers; i += 1) users.push(await makeUser(db, { firstName: 'Writer', lastName: `Number${i + 1}` }));
    const writers = users.map((u, i) => ({
      userId: u.id,
      // A session straight in the database: the server accepts it as if the writer had signed in.
      token: createSession(db, u.id, now).token,
      home: makeCommunity(db, { creator: u, name: `Durability home ${i + 1}`, isPublic: true }).id,
    }));
    for (const w of writers) {
      for (const other of users) if (other.id !== w.userId) addMember(db, { communityId: w.home, user: other });
    }
    return { writers, pool };
  } finally {
    db.$client.close();
  }
}
