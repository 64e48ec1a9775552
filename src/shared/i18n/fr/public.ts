import { common } from './common';
import { validation } from './validation';
import { errors } from './errors';
import { notices } from './notices';
import { landing } from './landing';
import { auth } from './auth';
import { terms } from './terms';
import { shell } from './shell';
import { communities } from './communities';
import { secondFactor } from './secondFactor';

/** The French texts of the public pages (src/shared/i18n/parts.ts). */
export const frPublic = {
  common,
  validation,
  errors,
  notices,
  landing,
  auth,
  terms,
  shell,
  communities,
  secondFactor,
};
