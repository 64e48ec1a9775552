import type { Catalogue } from '../catalogue';

export const communities = {} satisfies Catalogue['communities'];
