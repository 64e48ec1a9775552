import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbLike } from '../../../db/database';
import { serverKeys } from '../../../db/schema';

const cache = new WeakMap<object, Map<string, Buffer>>();

/**
 * A secret the server made for itself under `name` (server_keys), made once per database: the
 * first server to need it writes it, every other reads that one. Cached per database handle.
 */
export function serverKey(db: DbLike, name: string): Buffer {
  const client = (db as { $client?: object }).$client ?? db;
  const known = cache.get(client) ?? new Map<string, Buffer>();
  cache.set(client, known);
  let key = known.get(name);
  if (key) return key;
  db.insert(serverKeys).values({ name, key: randomBytes(32).toString('hex'), createdAt: Date.now() }).onConflictDoNothing().run();
  key = Buffer.from(db.select({ key: serverKeys.key }).from(serverKeys).where(eq(serverKeys.name, name)).get()!.key, 'hex');
  known.set(name, key);
  return key;
}
