import { trpc } from '../../trpc';

/** The admin overview's queries, shared by its tab and the route's loader. */
export const adminCountsQuery = () => trpc.admin.counts.queryOptions();
export const auditQuery = () => trpc.admin.audit.queryOptions({ limit: 25 });
export const backupsQuery = () => trpc.admin.backups.queryOptions();
