import type { Catalogue } from '../catalogue';

export const notices = {
  forgotPassword: 'Si un compte existe avec cette adresse e-mail, nous vous avons envoyé les instructions pour réinitialiser votre mot de passe.',
} satisfies Catalogue['notices'];
