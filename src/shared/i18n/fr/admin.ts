import type { Catalogue } from '../catalogue';

export const admin = {} satisfies Catalogue['admin'];
