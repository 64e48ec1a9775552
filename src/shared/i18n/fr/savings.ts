import type { Catalogue } from '../catalogue';

export const savings = {
  receipt: {
    contributionTitle: 'Reçu de cotisation n° {{number}}',
    payoutTitle: 'Reçu de versement n° {{number}}',
    circle: 'Tontine',
    receivedFrom: 'Reçu de',
    paidTo: 'Versé à',
    amount: 'Montant',
    for: 'Objet',
    contributionFor: 'Tour {{round}} (échéance du {{date}}), main {{hand}}',
    payoutFor: 'Cagnotte du tour {{round}}',
    pot: 'Cagnotte',
    potDetail: 'Collecté {{collected}} · frais {{fee}} · remise {{discount}} · amendes {{fines}}',
    method: 'Moyen de paiement',
    reference: 'Référence',
    confirmedOn: 'Confirmé le',
    confirmedBy: 'Confirmé par',
    recordedBy: 'Versé par',
    late: 'Payé après l’échéance',
    footer: 'Numéroté dans l’ordre pour cette tontine. Chaque opération est conservée dans le journal d’audit infalsifiable de la communauté.',
  },
} satisfies Catalogue['savings'];
