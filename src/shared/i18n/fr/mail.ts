import type { Catalogue } from '../catalogue';

export const mail = {
  buttonFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:',
  verify: {
    subject: 'Confirmez votre adresse e-mail pour {{appName}}',
    heading: 'Bienvenue sur {{appName}}, {{firstName}}\u00a0!',
    body: 'Veuillez confirmer votre adresse e-mail afin que vos communautés puissent vous joindre.',
    expiry: 'Ce lien ne fonctionne qu’une fois et expire dans 24\u00a0heures.',
    button: 'Confirmer mon adresse e-mail',
  },
  reset: {
    subject: 'Réinitialisez votre mot de passe {{appName}}',
    heading: 'Réinitialisez votre mot de passe {{appName}}',
    body: 'Bonjour {{firstName}}, quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe de ce compte.',
    expiry: 'Ce lien ne fonctionne qu’une fois et expire dans 1\u00a0heure. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.',
    button: 'Choisir un nouveau mot de passe',
  },
  signUpAttempt: {
    subject: 'Quelqu’un a tenté de s’inscrire sur {{appName}} avec votre adresse',
    heading: 'Vous avez déjà un compte',
    body: 'Bonjour {{firstName}}, quelqu’un vient d’essayer de créer un nouveau compte {{appName}} avec cette adresse e-mail. Elle appartient déjà à votre compte\u00a0: aucun compte n’a été créé et rien n’a changé sur le vôtre.',
    ifYou: 'Si c’était vous, connectez-vous avec votre mot de passe habituel. Vous l’avez oublié\u00a0? Choisissez-en un nouveau depuis «\u00a0Mot de passe oublié\u00a0?\u00a0» sur la page de connexion.',
    ifNotYou: 'Si ce n’était pas vous, vous pouvez ignorer cet e-mail\u00a0: personne ne peut utiliser votre compte sans votre mot de passe.',
    button: 'Se connecter',
  },
  secondFactorReset: {
    subject: 'La validation en deux étapes a été désactivée sur votre compte {{appName}}',
    heading: 'La validation en deux étapes est désactivée',
    body: 'Bonjour {{firstName}}, un administrateur de {{appName}} a désactivé la validation en deux étapes de votre compte, comme on le fait lorsque son titulaire a perdu à la fois son application d’authentification et ses codes de secours. Vous vous connectez désormais avec votre seul mot de passe, et tous les appareils sur lesquels vous étiez connecté ont été déconnectés.',
    again: 'Nous vous conseillons de la réactiver depuis votre profil une fois connecté.',
    ifNotYou: 'Si vous n’en avez pas fait la demande, choisissez immédiatement un nouveau mot de passe («\u00a0Mot de passe oublié\u00a0?\u00a0» sur la page de connexion) et prévenez l’équipe du site.',
    button: 'Se connecter',
  },
  signInFailures: {
    subject: 'Tentatives de connexion échouées sur votre compte',
    body: 'Quelqu’un a tenté de se connecter à votre compte avec un mauvais mot de passe {{count}} fois au cours des 15 dernières minutes. Votre compte n’est pas bloqué et vous pouvez vous connecter normalement. Si ce n’était pas vous, choisissez un nouveau mot de passe solide.',
  },
} satisfies Catalogue['mail'];
