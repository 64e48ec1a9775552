import type { Catalogue } from '../catalogue';

export const landing = {} satisfies Catalogue['landing'];
