import type { Catalogue } from '../catalogue';

export const shell = {} satisfies Catalogue['shell'];
