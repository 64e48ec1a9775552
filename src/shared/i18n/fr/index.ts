import type { Catalogue } from '../catalogue';
import { common } from './common';

/** Every French text, by area, in the English catalogue's shape. */
export const fr = {
  common,
} satisfies Catalogue;
