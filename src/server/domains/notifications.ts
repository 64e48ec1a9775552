import { eq } from 'drizzle-orm';
import { notifications as notificationRows } from '../../../db/schema';
import { notifications } from '../operations/notifications';
import { defineDomain } from './domain';

/** The in-app notices of each account. */
export const notificationsDomain = defineDomain({
  name: 'notifications',
  operations: { notifications },
  erase: (tx, { user }) => {
    tx.delete(notificationRows).where(eq(notificationRows.userId, user.id)).run();
  },
  personalData: { notifications: { export: { not: 'notices about records the export carries itself' }, erase: 'deleted' } },
});
