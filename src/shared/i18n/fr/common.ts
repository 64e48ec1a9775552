import type { Catalogue } from '../catalogue';

export const common = {
  language: 'Langue',
  chooseLanguage: 'Choisir la langue',
  loading: 'Chargement…',
  save: 'Enregistrer',
  cancel: 'Annuler',
  close: 'Fermer',
  loadMore: 'Afficher plus',
  members_one: '{{count}} membre',
  members_other: '{{count}} membres',
} satisfies Catalogue['common'];
