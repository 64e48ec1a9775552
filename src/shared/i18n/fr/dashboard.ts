import type { Catalogue } from '../catalogue';

export const dashboard = {
  welcome: 'Bon retour parmi nous, {{name}} !',
  fallbackName: 'membre',
  subtitle: 'Voici ce qui se passe dans vos communautés.',
  counters: {
    communities: 'Communautés',
    njangi: 'Groupes njangi',
    recognitions: 'Reconnaissances',
    loginStreak: 'Série de connexions',
    comingSoon: 'Bientôt disponible',
    streakUnit_one: 'jour',
    streakUnit_other: 'jours',
  },
  finances: {
    title: 'Aperçu financier',
    totalBalance: 'Solde total',
    moneySent: 'Argent envoyé',
    moneyReceived: 'Argent reçu',
  },
  communities: {
    title: 'Mes communautés',
    viewAll: 'Tout voir',
    emptyTitle: 'Aucune communauté pour l’instant',
    emptyDescription: 'Vous n’avez encore rejoint aucune communauté.',
    browse: 'Parcourir les communautés',
  },
  quickActions: {
    title: 'Actions rapides',
    create: 'Créer une communauté',
    join: 'Rejoindre une communauté',
    startNjangi: 'Créer un groupe njangi',
    scheduleEvent: 'Planifier un événement',
    soonTitle: 'Bientôt disponible',
    joinSoon: 'Rejoindre une communauté avec un code d’invitation sera bientôt possible.',
    njangiSoon: 'Les groupes njangi arrivent bientôt.',
    eventSoon: 'La planification d’événements arrive bientôt.',
  },
  activity: {
    title: 'Activité de connexion',
    streak: 'Cela fait {{days}} jours de suite que vous vous connectez. Continuez ainsi !',
    startStreak: 'Reconnectez-vous demain pour commencer une série.',
    lastLogin: 'Dernière connexion : {{date}}',
    never: 'jamais',
  },
  events: {
    title: 'Événements à venir',
    emptyTitle: 'Aucun événement à venir',
    emptyDescription: 'Les événements de vos communautés s’afficheront ici.',
  },
} satisfies Catalogue['dashboard'];
