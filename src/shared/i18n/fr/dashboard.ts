import type { Catalogue } from '../catalogue';

export const dashboard = {} satisfies Catalogue['dashboard'];
