import { defineDomain } from '../domain';
import { standing } from './operations';
import { standingRoutes } from './rest';

const KEPT = { kept: 'a leaders’ decision stays in the community’s records (it is audited)' } as const;

/** Membership standing: categories, the community's rules, suspensions, the roll; the standing itself is computed, never stored. */
export const standingDomain = defineDomain({
  name: 'standing',
  operations: { standing },
  rest: standingRoutes,
  personalData: {
    standing_suspensions: { export: { not: 'a leaders’ decision about the member, read on the standing page' }, erase: KEPT },
  },
});
