import type { Catalogue } from '../catalogue';
import { frApp } from './app';
import { mail } from './mail';
import { frPublic } from './public';

/** Every French text, by area, in the English catalogue's shape. The browser loads it in its two parts (../parts.ts); the emails' texts only the server reads. */
export const fr = { ...frPublic, ...frApp, mail } satisfies Catalogue;
