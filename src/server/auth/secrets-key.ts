import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PRIVATE_FILE, privateDir } from '../../../db/private-files';
import type { Env } from '../env';

/*
 * Secrets the server must read back (authenticator-app keys) are kept encrypted in the database
 * (AES-256-GCM, the row's owner bound in as associated data), so a copy of the database or of a
 * backup alone gives none of them. The key is SECRETS_KEY (64 hex characters) or, unset, the file
 * `secrets.key` beside the database, made once (0600) by the first program that needs it. A
 * backup of the database needs that key kept too, somewhere else (README, "Backups").
 *
 * Each sealed value names its key by a short id, so values sealed with any key this process has
 * loaded open (tests run many apps side by side); a new value is sealed with the last key loaded.
 * An in-memory database (tests) uses a fixed key: nothing of it is ever at rest.
 */

const FORMAT = 'v1';
const KEY_FILE = 'secrets.key';
const MEMORY_KEY = createHash('sha256').update('harambee: in-memory databases only').digest();

const idOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);
const ring = new Map<string, Buffer>([[idOf(MEMORY_KEY), MEMORY_KEY]]);
let current: Buffer = MEMORY_KEY;
/** Keys derived from `current`, by purpose. */
const derived = new Map<string, { from: Buffer; key: Buffer }>();

export class SecretsKeyError extends Error {}

/** The key this configuration names: SECRETS_KEY, else the key file beside the database (made when missing). */
export function resolveSecretsKey(env: Pick<Env, 'SECRETS_KEY' | 'DATABASE_PATH'>): Buffer {
  if (env.SECRETS_KEY) return Buffer.from(env.SECRETS_KEY, 'hex');
  if (env.DATABASE_PATH === ':memory:') return MEMORY_KEY;
  return keyFile(join(dirname(env.DATABASE_PATH), KEY_FILE));
}

/**
 * The key file's key; a missing file is made (0600). The key is written whole to a temporary file
 * beside it, then linked into place: the name only ever shows a complete key, and of two programs
 * starting at once one link wins (link never replaces a file) and the other reads the winner's.
 */
export function keyFile(path: string): Buffer {
  privateDir(dirname(path));
  if (!existsSync(path)) {
    const temporary = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    const fd = openSync(temporary, 'wx', PRIVATE_FILE);
    try {
      writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temporary, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
  }
  const hex = readFileSync(path, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new SecretsKeyError(`${path} does not hold a key (64 hex characters)`);
  return Buffer.from(hex, 'hex');
}

/**
 * A key for one purpose (a MAC, never encryption), derived from the current secrets key: a new
 * secrets key voids what was made with the old one.
 */
export function derivedSecretsKey(purpose: string): Buffer {
  // Kept per purpose for the key in use: some purposes (check-in codes) derive on every call.
  const known = derived.get(purpose);
  if (known && known.from === current) return known.key;
  const key = createHmac('sha256', current).update(`harambee derived key: ${purpose}`).digest();
  derived.set(purpose, { from: current, key });
  return key;
}

/** From now on values are sealed with `key`; values sealed with it open. */
export function useSecretsKey(key: Buffer): void {
  ring.set(idOf(key), key);
  current = key;
}

export const isSealed = (value: string) => value.startsWith(`${FORMAT}.`);

/** `plain` encrypted for the row of `owner`. */
export function sealSecret(plain: string, owner: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current, iv);
  cipher.setAAD(Buffer.from(owner));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [FORMAT, idOf(current), iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The value sealSecret() sealed for `owner`; throws when it was sealed with a key not loaded, or altered. */
export function openSecret(sealed: string, owner: string): string {
  const [format, id, iv, body, tag] = sealed.split('.');
  const key = id ? ring.get(id) : undefined;
  if (format !== FORMAT || !key || !iv || !body || !tag) throw new SecretsKeyError('a secret sealed with a key this server does not have (SECRETS_KEY or secrets.key)');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
