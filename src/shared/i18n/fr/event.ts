import type { Catalogue } from '../catalogue';

export const event = {
  title: 'Événement',
} satisfies Catalogue['event'];
