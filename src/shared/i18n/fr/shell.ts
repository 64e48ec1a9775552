import type { Catalogue } from '../catalogue';

export const shell = {
  offline: 'Vous êtes hors ligne. Ce que vous voyez n’est peut-être plus à jour ; rien ne peut être enregistré avant le retour de la connexion.',
  nav: {
    main: 'Menu principal',
    home: 'Tableau de bord Harambee',
    homeShort: 'Accueil',
    more: 'Plus',
    closeMore: 'Fermer',
    unread_one: ', {{count}} message non lu',
    unread_other: ', {{count}} messages non lus',
    dashboard: 'Tableau de bord',
    communities: 'Communautés',
    events: 'Événements',
    explore: 'Explorer',
    chat: 'Messagerie',
    njangi: 'Njangi',
    soon: '{{label}} (bientôt disponible)',
    profile: 'Votre profil',
    logOut: 'Se déconnecter',
  },
  notifications: {
    title: 'Notifications',
    button: 'Notifications',
    buttonUnread_one: 'Notifications, {{count}} non lue',
    buttonUnread_other: 'Notifications, {{count}} non lues',
    markAllRead: 'Tout marquer comme lu',
    clearAll: 'Tout effacer',
    empty: 'Vous êtes à jour.',
    unread: 'Non lue',
    remove: 'Supprimer la notification : {{title}}',
    showOlder: 'Afficher les plus anciennes',
  },
  passwordGate: {
    title: 'Choisissez un nouveau mot de passe',
    description: 'Votre mot de passe a été réinitialisé par un administrateur. Veuillez en choisir un nouveau pour continuer.',
  },
} satisfies Catalogue['shell'];
