import type { Catalogue } from '../catalogue';

export const communitySettings = {} satisfies Catalogue['communitySettings'];
