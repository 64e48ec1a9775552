import type { Catalogue } from '../catalogue';

export const chat = {
  title: 'Messagerie',
} satisfies Catalogue['chat'];
