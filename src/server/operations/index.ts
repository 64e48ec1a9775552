import { admin } from './admin';
import { announcements, categories } from './announcements';
import { auth } from './auth';
import { communities } from './communities';
import { discussions } from './discussions';
import { finances } from './finances';
import type { AnyOperation } from './define';
import { events } from './events';
import { njangi } from './njangi';
import { notifications } from './notifications';
import { polls } from './polls';
import { profile } from './profile';
import { site } from './site';
import { documents } from './documents';
import { invitations } from './invitations';
import { chat } from './chat';
import { account } from './account';
import { secondFactor } from './second-factor';

/** Every operation by namespace; "communities.list" is OPERATIONS.communities.list. */
export const OPERATIONS = { auth, profile, communities, announcements, categories, admin, site, notifications, finances, njangi, events, polls, discussions, documents, invitations, chat, account, secondFactor };

/** Operations by their dotted path, as both transports name them. */
export const OPERATIONS_BY_PATH: ReadonlyMap<string, AnyOperation> = new Map(
  Object.entries(OPERATIONS).flatMap(([ns, ops]) => Object.entries(ops).map(([name, op]) => [`${ns}.${name}`, op as AnyOperation] as const)),
);
