import { dirname, join } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A whole number in [min, max]; every wrong value gets the same one message. */
const whole = (min: number, max: number, message: string) => z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message });

/** A comma-separated list of URLs of one scheme (STUN_URLS, TURN_URLS), as an array. */
const urlList = (scheme: RegExp, message: string) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.every((u) => scheme.test(u) && !/\s/.test(u)), message);

/** Every setting the server reads, with defaults that need nothing (README lists them). */
const envSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_PATH: z.string().min(1).default('data/app.db'),
  APP_URL: z
    .url({ message: 'must be an absolute http(s) URL such as https://harambee.example.org' })
    .refine((u) => /^https?:\/\//.test(u), 'must start with http:// or https://')
    .optional(),
  SMTP_URL: z
    .string()
    .refine((u) => /^smtps?:\/\//.test(u), 'must look like smtp://user:pass@host:587 or smtps://...')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Harambee <no-reply@localhost>'),
  MAIL_OUTBOX_DIR: z.string().min(1).default('data/outbox'),
  UPLOADS_DIR: z.string().min(1).default('data/uploads'),
  // A community's document storage unless staff set its own (1 GB).
  DOCUMENT_QUOTA_BYTES: whole(0, 1024 ** 4, 'must be a whole number of bytes up to 1 TB').default(1073741824),
  // What one account may upload (images, documents, chat files together): files per window, and
  // bytes per 24 hours. 0 turns either limit off.
  UPLOAD_RATE_MAX: whole(0, 100_000, 'must be a whole number of files from 0 (no limit) to 100000').default(30),
  UPLOAD_RATE_WINDOW_MINUTES: whole(1, 1440, 'must be a whole number of minutes from 1 to 1440').default(10),
  UPLOAD_DAILY_BYTES: whole(0, 1024 ** 4, 'must be a whole number of bytes up to 1 TB (0: no limit)').default(209715200),
  // Communities one account may create in any 24 hours (each brings its own invitation emails); 0: no limit.
  COMMUNITY_CREATE_DAILY_MAX: whole(0, 1000, 'must be a whole number of communities from 0 (no limit) to 1000').default(3),
  // Daily backups (src/server/jobs/backups.ts): a folder, or 'off'. Unset: 'backups' beside the
  // database file (none for an in-memory database).
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: whole(1, 1000, 'must be a whole number from 1 to 1000').default(14),
  BACKUP_HOUR: whole(0, 23, 'must be an hour from 0 to 23 (UTC)').default(3),
  // The key that encrypts authenticator-app keys in the database (auth/secrets-key.ts). Unset: the
  // file secrets.key beside the database, made on first start.
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 random bytes: openssl rand -hex 32)')
    .optional(),
  // Calls (docs/decisions/027-calls.md): how long a call rings before it is missed.
  CALL_RING_SECONDS: whole(1, 600, 'must be a whole number of seconds from 1 to 600').default(45),
  // STUN and TURN servers handed to the browsers, comma-separated (stun:host:3478, turn:host:3478?transport=udp).
  // TURN needs TURN_SECRET: coturn's static-auth-secret (use-auth-secret), from which each caller's short-lived credentials are computed.
  STUN_URLS: urlList(/^stuns?:/, 'must be comma-separated stun: or stuns: URLs such as stun:turn.example.org:3478').optional(),
  TURN_URLS: urlList(/^turns?:/, 'must be comma-separated turn: or turns: URLs such as turn:turn.example.org:3478?transport=udp').optional(),
  // Browsers use only the TURN relay, never a direct path: members' network addresses stay hidden from each other (needs TURN_URLS).
  CALL_RELAY_ONLY: bool.default(false),
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters (coturn static-auth-secret: openssl rand -hex 32)').optional(),
  APP_NAME: z.string().min(1).max(60).default('Harambee'),
  SUPPORT_EMAIL: z.email({ message: 'must be an email address' }).default('support@harambee.local'),
  // Only behind a reverse proxy that sets X-Forwarded-For; otherwise clients could pick their own IP.
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
});

export type Env = Omit<z.infer<typeof envSchema>, 'BACKUP_DIR'> & {
  APP_URL: string;
  /** Where the daily backups go; null when they are off (BACKUP_DIR=off, or an in-memory database). */
  BACKUP_DIR: string | null;
};

/** BACKUP_DIR as set ('off' turns backups off), else a 'backups' folder beside the database file. */
function backupDir(set: string | undefined, databasePath: string): string | null {
  if (set !== undefined) return set.toLowerCase() === 'off' ? null : set;
  return databasePath === ':memory:' ? null : join(dirname(databasePath), 'backups');
}

/** Parse configuration; a wrong value throws one line naming the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new EnvError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const env = result.data;
  // Credentials without a server to use them on, or a server nobody can sign in to, is a mistake to say at boot.
  if (env.TURN_URLS && !env.TURN_SECRET) throw new EnvError('Invalid environment variable TURN_SECRET: must be set when TURN_URLS is (coturn static-auth-secret)');
  if (env.CALL_RELAY_ONLY && !env.TURN_URLS) throw new EnvError('Invalid environment variable CALL_RELAY_ONLY: needs TURN_URLS and TURN_SECRET (a call relayed only needs a relay)');
  if (env.TURN_SECRET && !env.TURN_URLS) throw new EnvError('Invalid environment variable TURN_URLS: must be set when TURN_SECRET is');
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return { ...env, APP_URL: appUrl, BACKUP_DIR: backupDir(env.BACKUP_DIR, env.DATABASE_PATH) };
}

export class EnvError extends Error {}
