import { finances } from './finances';
import { circles } from './circles';
import { circle } from './circle';
import { circleFiles } from './circleFiles';
import { savingsFiles } from './savingsFiles';
import { event } from './event';
import { events } from './events';
import { polls } from './polls';
import { discussions } from './discussions';
import { documents } from './documents';
import { invitations } from './invitations';
import { chat } from './chat';
import { calls } from './calls';
import { notifications } from './notifications';
import { needs } from './needs';
import { dashboard } from './dashboard';
import { profile } from './profile';
import { announcements } from './announcements';
import { communitySettings } from './communitySettings';
import { admin } from './admin';
import { recognitions } from './recognitions';
import { imports } from './imports';
import { standing } from './standing';
import { welfare } from './welfare';
import { savings } from './savings';
import { meetings } from './meetings';
import { meetingMinutes } from './meeting-minutes';
import { meetingDay } from './meetingDay';
import { collecting } from './collecting';

/** The English texts of every other screen (src/shared/i18n/parts.ts). */
export const enApp = {
  finances,
  circles,
  circle,
  circleFiles,
  savingsFiles,
  event,
  events,
  polls,
  discussions,
  documents,
  invitations,
  chat,
  calls,
  notifications,
  needs,
  dashboard,
  profile,
  announcements,
  communitySettings,
  admin,
  recognitions,
  imports,
  standing,
  welfare,
  savings,
  meetings,
  meetingMinutes,
  meetingDay,
  collecting,
};
