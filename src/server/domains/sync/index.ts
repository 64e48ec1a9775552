import { defineDomain } from '../domain';
import { sync } from './operations';
import { pruneSyncRecords } from './prune';
import { syncRoutes } from './rest';

/** Meeting day without a network: the records a phone kept offline, applied once each when it is back online. */
export const syncDomain = defineDomain({
  name: 'sync',
  operations: { sync },
  rest: syncRoutes,
  jobs: { syncPrune: (deps) => pruneSyncRecords(deps) },
  personalData: {
    sync_records: { export: { not: 'the answers a phone’s offline records got, kept so a record sent twice applies once' }, erase: 'deleted' },
  },
});
