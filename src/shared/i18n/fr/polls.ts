import type { Catalogue } from '../catalogue';

export const polls = {
  title: 'Sondages et élections',
} satisfies Catalogue['polls'];
