import type { Catalogue } from '../catalogue';

export const comingSoon = {} satisfies Catalogue['comingSoon'];
