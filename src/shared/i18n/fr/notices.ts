import type { Catalogue } from '../catalogue';

export const notices = {
  /** The name of the account every community's books start with. */
  cashBox: 'Caisse',
  forgotPassword: 'Si un compte existe avec cette adresse e-mail, nous vous avons envoyé les instructions pour réinitialiser votre mot de passe.',
  signUp: 'Consultez votre messagerie pour continuer : nous vous avons envoyé un message.',
} satisfies Catalogue['notices'];
