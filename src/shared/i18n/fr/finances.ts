import type { Catalogue } from '../catalogue';

export const finances = {
  categories: {
    dues: 'Cotisations',
    donation: 'Dons',
    eventIncome: 'Recettes d’événements',
    otherIncome: 'Autres recettes',
    events: 'Événements',
    venue: 'Salle',
    welfare: 'Entraide',
    projects: 'Projets',
    administration: 'Administration',
    otherExpense: 'Autres dépenses',
  },
} satisfies Catalogue['finances'];
