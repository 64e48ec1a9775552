import { sql } from 'drizzle-orm';
import { announcements, categories } from '../operations/announcements';
import { announcementRoutes } from '../rest/announcements';
import { defineDomain } from './domain';

/** A community's announcements and their categories. */
export const announcementsDomain = defineDomain({
  name: 'announcements',
  operations: { announcements, categories },
  rest: announcementRoutes,
  noticeKinds: { 'notifications.announcement': 'announcements' },
  exportData: (db, user) => ({
    announcements: db
      .all<{ id: number; community: string; title: string; content: string; createdAt: number }>(
        sql`SELECT a.id, c.name AS community, a.title, a.content, a.created_at AS createdAt
          FROM announcements a JOIN communities c ON c.id = a.community_id WHERE a.author_id = ${user.id} ORDER BY a.id`,
      )
      .map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
  }),
  personalData: {
    announcements: { export: { key: 'announcements' }, erase: { kept: 'the community’s record, shown as by a former member' } },
  },
});
