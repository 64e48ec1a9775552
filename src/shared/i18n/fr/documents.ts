import type { Catalogue } from '../catalogue';

export const documents = {
  title: 'Documents',
} satisfies Catalogue['documents'];
