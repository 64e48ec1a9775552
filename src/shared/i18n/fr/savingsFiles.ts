import type { Catalogue } from '../catalogue';

/** Ce que le serveur écrit sur les groupes d’épargne et de crédit hors des écrans : le rapport de partage (PDF, CSV, classeur). */
export const savingsFiles: Catalogue['savingsFiles'] = {
  shareOut: {
    title: 'Partage de {{group}}, cycle {{cycle}}',
    closedAt: 'Cycle clôturé le {{date}}',
    group: 'Groupe',
    cycle: 'Cycle',
    closedOn: 'Clôturé le',
    figure: '{{label}}\u00a0: {{value}}',
    totalsHeading: 'Totaux',
    fund: 'Fonds partagé',
    totalShares: 'Total des parts',
    paidOut: 'Versé',
    carried: 'Gardé pour le cycle suivant',
    balance: 'Fonds {{fund}} = versé {{paidOut}} + gardé pour le cycle suivant {{carried}}.',
    rule: 'Chaque membre reçoit ses parts × le fonds ÷ le total des parts, arrondi à l’unité inférieure de la monnaie\u00a0; ce que l’arrondi laisse reste dans le fonds pour le cycle suivant. La caisse sociale n’est pas partagée.',
    linesHeading: 'Membres',
    yourLine: 'Votre ligne',
    member: 'Membre',
    shares: 'Parts',
    amount: 'Montant',
    total: 'Total',
    withCurrency: '{{header}} ({{currency}})',
    footer: 'Montants tels qu’inscrits dans les écritures du groupe, confirmés par deux responsables\u00a0; chaque action est conservée dans le journal d’audit infalsifiable de la communauté.',
  },
};
