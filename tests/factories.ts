import { eq, sql } from 'drizzle-orm';
import { communities, memberships, notifications, secondFactors, uploads, users, type CommunityRole, type UserRow } from '../db/schema';
import { hashPassword } from '../src/server/auth/password';
import { sealSecret } from '../src/server/auth/secrets-key';
import { createCommunity } from '../src/server/services/community-writes';
import { assignReference } from '../src/server/domains/collecting/references';
import type { DB } from '../db/database';

/*
 * Builders shared by the tests and `npm run db:seed`. They write through the same services the
 * app uses where one exists, so counts and invariants hold as they do in production.
 */
export const FACTORY_PASSWORD = 'Harambee#2026';
let hashed: Promise<string> | undefined;
// One argon2 hash for every factory user: hashing is deliberately slow (~30 ms).
const passwordHash = () => (hashed ??= hashPassword(FACTORY_PASSWORD));

/**
 * The authenticator key of every factory staff account: staff must have a second factor, so
 * `makeUser` gives admins and superadmins this one (tests compute codes from it) unless told not to.
 */
export const FACTORY_TOTP_KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let seq = 0;
export async function makeUser(db: DB, over: Partial<typeof users.$inferInsert> = {}, opts: { secondFactor?: boolean } = {}): Promise<UserRow> {
  seq += 1;
  const now = over.createdAt ?? Date.now();
  const user = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      firstName: 'Member',
      lastName: `Number${seq}`,
      email: `member${seq}.${crypto.randomUUID().slice(0, 8)}@example.org`,
      passwordHash: await passwordHash(),
      isEmailVerified: true,
      createdAt: now,
      updatedAt: now,
      ...over,
    })
    .returning()
    .get();
  if (opts.secondFactor ?? user.role !== 'user') {
    db.insert(secondFactors).values({ userId: user.id, key: sealSecret(FACTORY_TOTP_KEY, user.id), enabledAt: now, lastUsedStep: null, createdAt: now }).run();
  }
  return user;
}

export function makeCommunity(
  db: DB,
  p: { creator: UserRow; name?: string; description?: string; location?: string | null; isPublic?: boolean; imageUrl?: string | null; now?: number },
) {
  seq += 1;
  // A banner is a file its creator uploaded: registered as if they had (uploads/registry.ts).
  if (p.imageUrl?.startsWith('/uploads/')) {
    db.insert(uploads)
      .values({ name: p.imageUrl.slice('/uploads/'.length), ownerId: p.creator.id, purpose: 'banner', contentType: 'image/webp', bytes: 0, createdAt: p.now ?? Date.now() })
      .onConflictDoNothing()
      .run();
  }
  const id = createCommunity(db, {
    userId: p.creator.id,
    now: p.now ?? Date.now(),
    input: {
      name: p.name ?? `Community ${seq}`,
      description: p.description ?? 'A community for neighbours, culture and mutual support.',
      location: p.location ?? null,
      isPublic: p.isPublic ?? true,
      imageUrl: p.imageUrl ?? null,
    },
  });
  return db.select().from(communities).where(eq(communities.id, id)).get()!;
}

/** Adds a member with any role (creator excepted) and keeps member_count in step. */
export function addMember(db: DB, p: { communityId: number; user: UserRow; role?: Exclude<CommunityRole, 'creator'>; now?: number }) {
  db.transaction((tx) => {
    tx.insert(memberships)
      .values({ communityId: p.communityId, userId: p.user.id, role: p.role ?? 'member', joinedAt: p.now ?? Date.now() })
      .run();
    assignReference(tx, { communityId: p.communityId, userId: p.user.id, now: p.now ?? Date.now() });
    tx.update(communities).set({ memberCount: sql`${communities.memberCount} + 1` }).where(eq(communities.id, p.communityId)).run();
  });
}

/**
 * A notification row as it is stored, whatever its text (plain text, as rows from before the
 * catalogue were): for tests of the list itself. Real notices go through notify(), by kind.
 */
export function makeNotification(db: DB, p: { userId: string; title: string; message: string; link?: string | null; type?: 'success' | 'info' | 'warning'; now: number }) {
  return db
    .insert(notifications)
    .values({ userId: p.userId, title: p.title, message: p.message, link: p.link ?? null, type: p.type ?? 'info', createdAt: p.now })
    .returning({ id: notifications.id })
    .get().id;
}
