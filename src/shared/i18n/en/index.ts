import { enApp } from './app';
import { mail } from './mail';
import { enPublic } from './public';

/** Every English text, by area. Other languages mirror this shape exactly (catalogue.ts). The browser loads it in its two parts (../parts.ts); the emails' texts only the server reads. */
export const en = { ...enPublic, ...enApp, mail };
