import { eq } from 'drizzle-orm';
import { appSettings, type AppSettingsRow } from '../../../db/schema';
import type { DB } from '../../../db/database';
import { recordAudit } from './audit';
import { SESSION_IDLE_MS } from '../auth/session';
import { fieldError } from './errors';
import { isCommonPassword } from '../auth/common-passwords';

/*
 * Settings are read on every request (session timeout), so the one row is cached per
 * connection and replaced on write. One process owns the database, so the cache stays true.
 */
const cache = new WeakMap<DB, AppSettingsRow>();

export function getSettings(db: DB): AppSettingsRow {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = db.select().from(appSettings).where(eq(appSettings.id, 1)).get()!));
  return s;
}

export type SettingsChanges = Partial<Pick<AppSettingsRow, 'minPasswordLength' | 'requireEmailVerification' | 'sessionTimeoutMinutes' | 'defaultCommunityPrivacy'>>;

/** Saves the settings with their audit entry; the cache changes only once both are committed. */
export function updateSettings(db: DB, p: { changes: SettingsChanges; actor: { id: string; email: string }; now: number }): AppSettingsRow {
  const row = db.transaction((tx) => {
    const saved = tx
      .update(appSettings)
      .set({ ...p.changes, updatedAt: p.now, updatedBy: p.actor.id })
      .where(eq(appSettings.id, 1))
      .returning()
      .get()!;
    recordAudit(tx, { actor: p.actor, action: 'settings.updated', target: { type: 'settings', id: '1' }, details: p.changes, now: p.now });
    return saved;
  });
  cache.set(db, row);
  return row;
}

export function sessionIdleMs(db: DB): number {
  const minutes = getSettings(db).sessionTimeoutMinutes;
  return minutes ? minutes * 60_000 : SESSION_IDLE_MS;
}

/** The minimum length staff chose (8 to 16) applies on top of the shared schema's 8. */
export function assertPasswordPolicy(db: DB, password: string, field: string) {
  const min = getSettings(db).minPasswordLength;
  if (password.length < min) throw fieldError('invalid', field, 'errors.auth.passwordPolicy', { min });
  if (isCommonPassword(password)) throw fieldError('invalid', field, 'errors.auth.commonPassword');
}
