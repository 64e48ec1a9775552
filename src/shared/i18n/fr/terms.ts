import type { Catalogue } from '../catalogue';

export const terms = {} satisfies Catalogue['terms'];
