import { eq } from 'drizzle-orm';
import { mailOutbox, noticePreferences, noticeSettings, notifications as notificationRows } from '../../../db/schema';
import { noticeSettingsOf } from '../services/notice-settings';
import { notifications } from '../operations/notifications';
import { runDigestJob } from '../jobs/digest';
import { needs } from '../operations/needs';
import { notificationRoutes } from '../rest/notifications';
import { defineDomain } from './domain';

/** The in-app notices of each account, and the mail on its way (mail/outbox.ts). */
export const notificationsDomain = defineDomain({
  name: 'notifications',
  operations: { notifications, needs },
  rest: notificationRoutes,
  jobs: { digest: (deps) => runDigestJob(deps) },
  erase: (tx, { user }) => {
    tx.delete(notificationRows).where(eq(notificationRows.userId, user.id)).run();
    // Mail still waiting for the account goes with it (and its sender would skip a deleted account anyway).
    tx.delete(mailOutbox).where(eq(mailOutbox.userId, user.id)).run();
    tx.delete(noticePreferences).where(eq(noticePreferences.userId, user.id)).run();
    tx.delete(noticeSettings).where(eq(noticeSettings.userId, user.id)).run();
  },
  // The account's notification settings, as the profile shows them.
  exportData: (db, user) => ({ notificationSettings: noticeSettingsOf(db, user.id) }),
  personalData: {
    notifications: { export: { not: 'notices about records the export carries itself' }, erase: 'deleted' },
    mail_outbox: { export: { not: 'mail on its way, wiped once sent' }, erase: 'deleted' },
    notice_preferences: { export: { key: 'notificationSettings' }, erase: 'deleted' },
    notice_settings: { export: { key: 'notificationSettings' }, erase: 'deleted' },
  },
});
