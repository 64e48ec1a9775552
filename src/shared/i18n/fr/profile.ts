import type { Catalogue } from '../catalogue';

export const profile = {} satisfies Catalogue['profile'];
