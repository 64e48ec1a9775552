import type { Catalogue } from '../catalogue';

export const comingSoon = {
  back: 'Retour au tableau de bord',
  badge: 'Bientôt disponible',
  timeline: 'Avancement : en cours de développement',
  timelineBody: 'Nous y travaillons en ce moment et n’annoncerons pas de date avant que ce soit prêt et testé.',
  upcoming: 'Ce qui arrive',
  explore: 'Explorer les communautés',
  returnToDashboard: 'Revenir au tableau de bord',
  chat: {
    title: 'Discussion',
    subtitle: 'Messagerie',
    description:
      'Des discussions qui appartiennent à votre communauté, et non à une liste de numéros de téléphone : échangez en tête-à-tête ou en groupe, appelez-vous et partagez les fichiers qui comptent, au même endroit que vos annonces et vos membres.',
    features: {
      messaging: { title: 'Messages', description: 'Des messages privés entre membres d’une même communauté.' },
      groups: { title: 'Discussions de groupe', description: 'Des discussions pour toute la communauté, un comité ou une tontine.' },
      calls: { title: 'Appels audio et vidéo', description: 'Se voir quand le groupe ne peut pas se réunir en personne.' },
      files: { title: 'Partage de fichiers', description: 'Partagez comptes rendus, photos et documents là où le groupe saura les retrouver.' },
      privacy: {
        title: 'Privé et sécurisé',
        description:
          'Des discussions visibles seulement par leurs participants, conservées avec le reste des données de votre communauté plutôt que sur la plateforme de quelqu’un d’autre.',
      },
    },
  },
} satisfies Catalogue['comingSoon'];
