import type { AnyOperation } from '../operations/define';
import type { NeedSource } from '../services/needs/types';
import type { DomainDefinition, NoticeKindOf } from './domain';
import { accounts } from './accounts';
import { adminDomain } from './admin';
import { announcementsDomain } from './announcements';
import { chatDomain } from './chat';
import { communitiesDomain } from './communities';
import { discussionsDomain } from './discussions';
import { documentsDomain } from './documents';
import { eventsDomain } from './events';
import { financesDomain } from './finances';
import { importsDomain } from './imports';
import { invitationsDomain } from './invitations';
import { njangiDomain } from './njangi';
import { notificationsDomain } from './notifications';
import { pollsDomain } from './polls';
import { recognitionsDomain } from './recognitions';
import { secondFactorDomain } from './second-factor';
import { siteDomain } from './site';
import { uploadsDomain } from './uploads';
import { standingDomain } from './standing';
import { welfareDomain } from './welfare';
import { savingsDomain } from './savings';
import { meetingsDomain } from './meetings';
import { collectingDomain } from './collecting';
import { syncDomain } from './sync';

/*
 * The domains of the server, one line each. The app (REST routes, raw routes), the tRPC root, the
 * scheduler, the account's export and deletion, and the tests that hold them to the schema and
 * to the authorization matrix are all built from this list. REST routes match in the order they
 * are added, so the order here is the order of the app's routes.
 */
export const DOMAINS = [
  uploadsDomain,
  accounts,
  communitiesDomain,
  financesDomain,
  collectingDomain,
  importsDomain,
  njangiDomain,
  eventsDomain,
  pollsDomain,
  standingDomain,
  welfareDomain,
  savingsDomain,
  meetingsDomain,
  syncDomain,
  discussionsDomain,
  documentsDomain,
  invitationsDomain,
  chatDomain,
  recognitionsDomain,
  announcementsDomain,
  adminDomain,
  secondFactorDomain,
  siteDomain,
  notificationsDomain,
] as const;

/** Every kind of waiting work, in the domains' order (the order of "Needs you" among equals). */
export const NEED_SOURCES: readonly NeedSource[] = DOMAINS.flatMap((d: DomainDefinition) => d.needs ?? []);

/** The kind of every notice, by its texts' key without `.title`. */
export const NOTICE_KIND_OF: ReadonlyMap<string, NoticeKindOf> = new Map(DOMAINS.flatMap((d: DomainDefinition) => Object.entries(d.noticeKinds ?? {})));

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type Namespaces = UnionToIntersection<(typeof DOMAINS)[number]['operations']>;

/** Every operation by namespace; "communities.list" is OPERATIONS.communities.list. */
export const OPERATIONS = Object.assign({}, ...DOMAINS.map((d) => d.operations)) as Namespaces;

/** Operations by their dotted path, as both transports name them. */
export const OPERATIONS_BY_PATH: ReadonlyMap<string, AnyOperation> = new Map(
  DOMAINS.flatMap((d) => Object.entries(d.operations).flatMap(([ns, ops]) => Object.entries(ops).map(([name, op]) => [`${ns}.${name}`, op as AnyOperation] as const))),
);
