import type { Catalogue } from '../catalogue';

export const auth = {
  errorTitles: { emailRequired: 'Adresse e-mail requise', passwordTooShort: 'Mot de passe trop court' },
} satisfies Catalogue['auth'];
