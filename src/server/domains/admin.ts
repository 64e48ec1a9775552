import { admin } from '../operations/admin';
import { adminRoutes } from '../rest/admin';
import { defineDomain } from './domain';

/** The staff's panel: counts, users, communities, the audit log, the installation's settings. */
export const adminDomain = defineDomain({
  name: 'admin',
  operations: { admin },
  rest: adminRoutes,
  personalData: {
    admin_audit: { export: { not: 'the staff’s record of their own actions' }, erase: { kept: 'append-only: the staff audit cannot be rewritten' } },
    app_settings: { export: { not: 'names the staff member who last changed a setting' }, erase: { kept: 'the installation’s settings' } },
  },
});
