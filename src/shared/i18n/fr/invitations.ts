import type { Catalogue } from '../catalogue';

export const invitations = {
  title: 'Invitations',
} satisfies Catalogue['invitations'];
