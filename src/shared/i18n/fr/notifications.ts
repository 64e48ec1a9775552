import type { Catalogue } from '../catalogue';

export const notifications = {
  welcome: { title: 'Bienvenue, {{firstName}}\u00a0!', message: 'Votre compte est prêt. Trouvez une communauté à rejoindre, ou créez la vôtre.' },
  joinRequest: { title: 'Nouvelle demande d’adhésion', message: '{{name}} demande à rejoindre {{community}}.' },
  approved: { title: 'Demande acceptée', message: 'Bienvenue dans {{community}}\u00a0! Vous en êtes désormais membre.' },
  declined: { title: 'Demande refusée', message: 'Votre demande d’adhésion à {{community}} a été refusée.' },
  announcement: { title: 'Nouvelle annonce', message: '{{title}}' },
  paymentConfirmed: { title: 'Paiement confirmé', message: 'Votre paiement a été confirmé. Reçu numéro {{receiptNo}}.' },
  paymentRejected: { title: 'Paiement non confirmé', message: 'Votre paiement n’a pas été confirmé : {{reason}}' },
  expenseApproved: { title: 'Dépense approuvée', message: 'Votre dépense « {{description}} » a été approuvée.' },
  expenseRejected: { title: 'Dépense refusée', message: 'Votre dépense « {{description}} » a été refusée : {{reason}}' },
  expensePaid: { title: 'Dépense payée', message: 'Votre dépense « {{description}} » a été payée.' },
} satisfies Catalogue['notifications'];
