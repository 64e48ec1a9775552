import type { Catalogue } from '../catalogue';

export const terms = {
  title: 'Conditions d’utilisation',
  sections: {
    provider: {
      title: 'Qui nous sommes et ce que couvrent ces conditions',
      body: 'Ces conditions régissent votre utilisation de cette plateforme Harambee, exploitée par l’organisation qui l’héberge (l’exploitant). En créant un compte ou en utilisant le service, vous les acceptez.',
    },
    account: {
      title: 'Votre compte',
      body: 'Vous devez fournir des informations exactes, garder votre mot de passe pour vous et nous prévenir sans tarder si vous pensez que quelqu’un d’autre a utilisé votre compte. Vous êtes responsable de tout ce qui est fait depuis votre compte.',
    },
    eligibility: {
      title: 'Âge et capacité juridique',
      body: 'Vous devez avoir l’âge requis pour conclure un contrat dans le pays où vous vivez, ou utiliser le service avec l’accord d’un parent ou d’un tuteur légal.',
    },
    communities: {
      title: 'Les communautés et leurs responsables',
      body: 'Les communautés sont gérées par leurs créateurs et leurs administrateurs, qui décident qui peut les rejoindre et ce qui y est publié. L’exploitant héberge les communautés, mais ne les gère pas.',
    },
    content: {
      title: 'Les contenus que vous publiez',
      body: 'Vous restez propriétaire de ce que vous publiez. Vous nous autorisez à le stocker, à l’afficher et à le partager avec le public que vous choisissez, afin que le service puisse fonctionner. Ne publiez aucun contenu illicite, haineux, trompeur ou portant atteinte aux droits d’autrui.',
    },
    acceptableUse: {
      title: 'Règles d’utilisation',
      body: 'Ne perturbez pas le service, n’en cherchez pas les failles, n’en aspirez pas le contenu, n’envoyez pas de messages indésirables, ne vous faites pas passer pour quelqu’un d’autre et ne l’utilisez pas pour harceler qui que ce soit. Nous pouvons suspendre les comptes qui enfreignent ces règles.',
    },
    communications: {
      title: 'Communications par e-mail et par téléphone',
      body: 'Nous envoyons des messages de service, comme les e-mails de vérification et de mot de passe. Avec votre accord, les communautés et l’exploitant peuvent aussi vous contacter par e-mail, SMS ou téléphone au sujet d’événements, de cotisations et d’actualités ; vous pouvez vous désinscrire de ces campagnes à tout moment.',
    },
    analytics: {
      title: 'Mesure d’audience',
      body: 'Nous mesurons l’utilisation du service, de façon agrégée, afin de l’améliorer. Nous ne vendons pas vos données personnelles.',
    },
    privacy: {
      title: 'Confidentialité',
      body: 'La façon dont nous collectons, utilisons et protégeons les données personnelles est expliquée dans notre politique de confidentialité. Les coordonnées que vous communiquez à une communauté ne sont visibles que par ses membres.',
    },
    payments: {
      title: 'Paiements et tontines',
      body: 'Lorsque des fonctions de paiement sont proposées, les paiements entre membres, les contributions aux tontines et les cotisations sont traités par des prestataires de paiement tiers, selon leurs propres conditions. L’exploitant n’est pas une banque et ne détient pas votre argent.',
    },
    fees: {
      title: 'Frais',
      body: 'L’utilisation des fonctions essentielles du service est gratuite, sauf si l’exploitant vous annonce le contraire à l’avance. Les prestataires de paiement peuvent facturer leurs propres frais.',
    },
    refunds: {
      title: 'Remboursements',
      body: 'Les contributions et les cotisations sont régies par les règles de la communauté qui les perçoit. Toute demande de remboursement d’un paiement effectué par le service s’adresse d’abord à cette communauté ; lorsqu’un prestataire de paiement intervient, ses propres règles de remboursement s’appliquent également.',
    },
    availability: {
      title: 'Disponibilité et évolutions',
      body: 'Nous nous efforçons de garder le service disponible, mais ne pouvons pas garantir qu’il ne sera jamais interrompu. Nous pouvons modifier ou retirer des fonctionnalités, et nous vous préviendrons de tout changement important.',
    },
    ending: {
      title: 'Fin de votre utilisation',
      body: 'Vous pouvez à tout moment cesser d’utiliser le service et nous demander de supprimer votre compte. Nous pouvons suspendre ou fermer les comptes qui ne respectent pas ces conditions.',
    },
    liability: {
      title: 'Responsabilité',
      body: 'Le service est fourni en l’état. Dans les limites permises par la loi, l’exploitant n’est pas responsable des pertes indirectes, ni des litiges entre membres ou entre communautés.',
    },
    changes: {
      title: 'Modification de ces conditions',
      body: 'Nous pouvons mettre à jour ces conditions. Le cas échéant, nous indiquerons la nouvelle date et, pour tout changement important, nous vous en informerons avant son entrée en vigueur.',
    },
  },
  contact: 'Contact',
  questions: 'Pour toute question sur ces conditions :',
  noEmail: 'écrivez à l’adresse d’assistance de ce site.',
  understand: 'J’ai compris',
  closeLabel: 'Fermer les conditions',
} satisfies Catalogue['terms'];
