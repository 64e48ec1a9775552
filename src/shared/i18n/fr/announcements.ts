import type { Catalogue } from '../catalogue';

export const announcements = {} satisfies Catalogue['announcements'];
