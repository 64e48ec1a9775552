import { common } from './common';

/** Every English text, by area. Other languages mirror this shape exactly (catalogue.ts). */
export const en = {
  common,
};
