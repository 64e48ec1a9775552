import type { Catalogue } from '../catalogue';

export const landing = {
  documentTitle: '{{appName}} : là où la tradition rencontre l’impact',
  tagline: 'Là où la tradition rencontre l’impact',
  createOwn: 'Créer la vôtre',
  nav: {
    sections: 'Sections de la page',
    allSections: 'Toutes les sections',
    quick: 'Navigation rapide',
    menu: 'Menu',
    closeMenu: 'Fermer le menu',
    goToDashboard: 'Aller au tableau de bord',
    signIn: 'Se connecter',
    signUp: 'S’inscrire',
    links: {
      home: 'Accueil',
      story: 'Histoire',
      mission: 'Mission',
      vision: 'Vision',
      purpose: 'Raison d’être',
      features: 'Fonctionnalités',
      team: 'Équipe',
    },
    bar: { home: 'Accueil', story: 'Histoire', features: 'Fonctions', team: 'Équipe' },
  },
  hero: {
    eyebrow: '{{appName}} · Tirons tous dans le même sens',
    title: 'Là où la tradition <hl>rencontre l’impact</hl>',
    slogan:
      'Nous vous libérons des tâches fastidieuses de la vie associative, pour que vous puissiez consacrer votre temps aux personnes et à ce que vous accomplissez ensemble.',
    audience:
      'Pour les associations de ressortissants, les groupes culturels, les associations étudiantes et religieuses, ainsi que les njangi, tontines et susu.',
    imageAlt: 'Illustration : six personnes tiennent une même corde en cercle autour d’un arbre et tirent ensemble',
  },
  stats: {
    title: '{{appName}} en bref',
    roles: {
      value: '4',
      label: 'rôles dans une communauté',
      detail: 'Créateur, administrateurs, trésoriers et membres, chacun avec des droits clairement définis.',
    },
    selfHost: {
      value: '2',
      label: 'commandes pour l’héberger vous-même',
      detail: 'npm install, puis npm start : un seul processus, un seul fichier de base de données.',
    },
    ads: { value: '0', label: 'publicité ni traceur', detail: 'Aucune publicité, aucune mesure d’audience, aucun script tiers.' },
    yours: {
      value: '100 %',
      label: 'à vous',
      detail: 'Les données de vos membres restent sur votre propre serveur, même sur un réseau local sans accès à Internet.',
    },
  },
  story: {
    eyebrow: 'Notre histoire',
    title: 'Une idée ancienne, une maison nouvelle',
    p1: 'Harambee est un appel swahili que l’on entend lors des collectes de fonds et des réunions de village partout au Kenya : « tirons tous dans le même sens ». Les communautés installées loin de chez elles vivent de la même idée : associations de ressortissants, groupes culturels, associations paroissiales et étudiantes, et ces cercles d’épargne que l’on appelle njangi, tontine, susu ou chama.',
    p2: 'Pourtant, la plupart sont gérées au moyen d’un enchevêtrement de groupes de discussion, de tableurs, de cahiers et de la mémoire d’un bénévole infatigable. Les nouvelles se perdent, les nouveaux venus ne trouvent pas le groupe, et le trésorier porte seul le poids de la confiance de tous.',
    p3: '{{appName}} offre à ce travail une maison commune et paisible : un lieu où les membres se retrouvent et où les responsables publient des nouvelles qui ne se perdent pas dans le fil des messages. Événements, finances, tontines, documents et messagerie y sont aussi clairs pour chaque membre que pour ceux qui les gèrent.',
    imageAlt: 'Illustration : un message de discussion, un tableur et un cahier se rassemblent en une seule maison commune',
  },
  missionVision: {
    eyebrow: 'Mission et vision',
    title: 'Ce qui nous anime',
    mission: {
      title: 'Mission',
      body: 'Simplifier le travail quotidien d’une communauté, de l’accueil des membres et du partage des nouvelles à la tenue des comptes et de la tontine, pour que responsables et membres consacrent leur énergie les uns aux autres et à ce qu’ils accomplissent ensemble.',
    },
    vision: {
      title: 'Vision',
      body: 'Que chaque communauté culturelle ou de la diaspora, si petite soit-elle, possède sa maison numérique : un lieu qui fait vivre ses traditions, ouvre ses registres à ses membres et garde ses données sous son propre toit.',
    },
  },
  purpose: {
    eyebrow: 'Raison d’être',
    title: 'Le sens de la vie en communauté',
    intro: 'Un logiciel ne vaut que s’il aide à ce qui compte. Ces six objectifs guident ce que nous construisons.',
    items: {
      culture: {
        title: 'Faire vivre la culture',
        body: 'Offrir à la langue, aux fêtes et aux traditions un lieu où la génération suivante peut les découvrir et y prendre part.',
      },
      connect: {
        title: 'Relier ceux qui vivent loin de chez eux',
        body: 'Aider les membres dispersés entre plusieurs villes et plusieurs pays à trouver leur communauté et à garder le lien avec elle.',
      },
      support: {
        title: 'S’entraider',
        body: 'Faciliter la mobilisation autour des membres qui en ont besoin : nouveaux arrivants, deuils, célébrations et tout ce qui se passe entre les deux.',
      },
      trust: {
        title: 'Bâtir la confiance par la transparence',
        body: 'Grâce à des rôles clairs et à des registres partagés, les membres voient comment leur communauté est gérée, au lieu d’en entendre seulement parler.',
      },
      save: {
        title: 'Épargner et grandir ensemble',
        body: 'Honorer la tradition des tontines, qui finance depuis des générations mariages, frais de scolarité et entreprises.',
      },
      leaders: {
        title: 'Alléger la charge des responsables',
        body: 'Les bénévoles devraient passer leurs soirées avec les gens, pas à courir après les messages et à mettre à jour des tableurs.',
      },
    },
  },
  features: {
    eyebrow: 'Fonctionnalités',
    title: 'Ce qui fonctionne aujourd’hui, et ce qui arrive ensuite',
    intro:
      'Les fonctionnalités marquées « Disponible » sont utilisables dès maintenant. Celles marquées « Bientôt disponible » sont en cours de développement ; nous l’indiquerons tant qu’elles ne seront pas livrées.',
    available: 'Disponible',
    soon: 'Bientôt disponible',
    items: {
      community: {
        title: 'Gestion de communauté',
        body: 'Créez votre communauté, rendez-la publique ou privée, et accueillez vos membres.',
        p1: 'Découvrir et rejoindre des communautés',
        p2: 'Demandes d’adhésion pour les groupes privés',
        p3: 'Annuaire des membres et rôles',
      },
      announcements: {
        title: 'Annonces',
        body: 'Des nouvelles qui ne se perdent pas dans un groupe de discussion.',
        p1: 'Catégories en couleur',
        p2: 'Annonces épinglées et brouillons',
        p3: 'Un seul fil pour tous les membres',
      },
      finance: {
        title: 'Gestion financière',
        body: 'Des comptes transparents auxquels chaque membre peut se fier.',
        p1: 'Collecte des cotisations avec rappels',
        p2: 'Deux personnes pour chaque mouvement d’argent',
        p3: 'Reçus, budget et exports',
      },
      njangi: {
        title: 'Tontine (njangi)',
        body: 'La tontine que vous connaissez, avec moins de paperasse et plus de confiance.',
        p1: 'Cercles et ordre des versements configurables',
        p2: 'Un reçu pour chaque cotisation',
        p3: 'Cycles automatisés',
      },
      events: {
        title: 'Événements',
        body: 'Organisez réunions, fêtes et célébrations au même endroit.',
        p1: 'Séries, réponses et listes d’attente',
        p2: 'Rappels',
        p3: 'Abonnements d’agenda',
      },
      discussions: {
        title: 'Discussions, sondages et élections',
        body: 'Débattez, puis décidez ensemble.',
        p1: 'Sujets avec réponses et @mentions',
        p2: 'Sondages, vote par classement et vote secret',
        p3: 'Élections avec candidatures',
      },
      documents: {
        title: 'Documents et invitations',
        body: 'Les statuts, les procès-verbaux et les reçus, là où chaque membre les trouve.',
        p1: 'Dossiers et versions',
        p2: 'Brouillons réservés aux responsables',
        p3: 'Invitations par e-mail et par lien',
      },
      chat: {
        title: 'Messagerie',
        body: 'Des conversations qui restent au sein de votre communauté.',
        p1: 'Canaux, messages privés et de groupe',
        p2: 'Fichiers et photos',
        p3: 'Mentions et récapitulatif par e-mail',
      },
      welfare: {
        title: 'Caisse de solidarité et statut des membres',
        body: 'Se soutenir quand un membre est en deuil ou tombe malade.',
        p1: 'Caisses décès et maladie, avec leurs règles',
        p2: 'Une cotisation des membres à jour, la collecte en totaux',
        p3: 'Le statut calculé à partir des comptes, jamais saisi',
      },
      calls: {
        title: 'Appels audio et vidéo',
        body: 'Appelez un membre ou tout le groupe depuis la conversation où l’on en parle.',
        p1: 'Appels à deux et en groupe',
        p2: 'Audio ou vidéo',
        p3: 'Sur téléphone aussi',
      },
    },
  },
  team: {
    eyebrow: 'Équipe',
    title: 'Il faut tout un village',
    intro: 'Personne ne fait vivre une communauté seul. Voici les personnes qui la font fonctionner, et celles qui construisent leurs outils.',
    items: {
      organisers: {
        name: 'Organisateurs',
        title: 'Créateurs et administrateurs',
        body: 'Ils fondent la communauté, accueillent les nouveaux venus, publient les nouvelles et veillent à la bienveillance des échanges.',
      },
      treasurers: {
        name: 'Trésoriers',
        title: 'Gardiens de la tontine',
        body: 'Ils ont la confiance de chaque cotisant. Les comptes et les tontines tenus ici rendent leurs registres transparents pour chaque membre et leur travail plus léger.',
      },
      engineers: {
        name: 'Ingénieurs',
        title: 'Bâtisseurs de la plateforme',
        body: 'Ils écrivent et testent le logiciel, le gardent rapide sur un serveur modeste et s’assurent qu’il fonctionne aussi bien sur un petit téléphone que sur un ordinateur.',
      },
      selfHosters: {
        name: 'Vous',
        title: 'Auto-hébergeurs',
        body: 'Chacun peut installer cette plateforme sur son propre serveur : les données d’une communauté restent ainsi dans la communauté.',
      },
    },
  },
  cta: {
    title: 'Envie d’avancer ensemble ?',
    body: 'Créez en quelques minutes un espace pour votre association ou votre tontine sur {{appName}}, ou parcourez les communautés déjà présentes.',
  },
  footer: {
    about: 'Une maison pour les communautés culturelles et de la diaspora, et pour les tontines qui les unissent.',
    explore: 'Explorer',
    signIn: 'Se connecter',
    contact: 'Contact',
    contactIntro: 'Questions, suggestions ou besoin d’aide pour votre communauté :',
    follow: 'Suivez-nous',
    socialLabel: '{{appName}} sur {{network}} (bientôt disponible)',
    socialTitle: '{{network}} : bientôt disponible',
    socialSoon: 'Nos pages sur les réseaux sociaux arrivent bientôt.',
    copyright: '© {{year}} {{appName}}. Conçu pour les communautés qui avancent ensemble.',
    teamSignIn: 'CONNEXION ÉQUIPE',
  },
} satisfies Catalogue['landing'];
