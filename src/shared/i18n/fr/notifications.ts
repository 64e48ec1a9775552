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
  duesBefore: { title: 'Cotisation bientôt due', message: '{{plan}} : {{amount}} à régler le {{date}} dans {{community}}.' },
  duesOverdue: { title: 'Cotisation en retard', message: '{{plan}} : {{amount}} était dû le {{date}} dans {{community}}. Si vous avez payé, déclarez-le pour que le trésorier le confirme.' },
  duesTreasurer: { title: 'Paiements à saisir', message: '{{plan}} ({{period}}) était dû le {{date}} dans {{community}} et aucun paiement n’a encore été saisi. Enregistrez ce qui a été collecté avant que les membres ne reçoivent un rappel.' },
  expensePaid: { title: 'Dépense payée', message: 'Votre dépense « {{description}} » a été payée.' },
} satisfies Catalogue['notifications'];
