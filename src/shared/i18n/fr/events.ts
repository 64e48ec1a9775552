import type { Catalogue } from '../catalogue';

export const events = {
  title: 'Événements',
} satisfies Catalogue['events'];
