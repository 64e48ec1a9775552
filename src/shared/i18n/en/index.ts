import { common } from './common';
import { landing } from './landing';
import { auth } from './auth';
import { terms } from './terms';
import { shell } from './shell';
import { dashboard } from './dashboard';
import { profile } from './profile';
import { communities } from './communities';
import { announcements } from './announcements';
import { communitySettings } from './communitySettings';
import { admin } from './admin';
import { errors } from './errors';
import { finances } from './finances';
import { njangi } from './njangi';
import { circle } from './circle';
import { savings } from './savings';
import { event } from './event';
import { events } from './events';
import { polls } from './polls';
import { discussions } from './discussions';
import { documents } from './documents';
import { invitations } from './invitations';
import { chat } from './chat';
import { mail } from './mail';
import { notices } from './notices';
import { notifications } from './notifications';
import { validation } from './validation';
import { secondFactor } from './secondFactor';

/** Every English text, by area. Other languages mirror this shape exactly (catalogue.ts). */
export const en = {
  common,
  validation,
  errors,
  notices,
  mail,
  finances,
  njangi,
  circle,
  savings,
  event,
  events,
  polls,
  discussions,
  documents,
  invitations,
  chat,
  notifications,
  landing,
  auth,
  terms,
  shell,
  dashboard,
  profile,
  communities,
  announcements,
  communitySettings,
  admin,
  secondFactor,
};
