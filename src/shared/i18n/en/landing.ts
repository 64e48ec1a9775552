/**
 * The landing page's words: what Harambee is for and what it does. Every claim here is true
 * of the product as it ships: what is not built yet says so.
 */
export const landing = {
  documentTitle: '{{appName}}: where tradition meets impact',
  tagline: 'Where tradition meets impact',
  createOwn: 'Create Your Own',
  nav: {
    sections: 'Page sections',
    allSections: 'All sections',
    quick: 'Quick navigation',
    menu: 'Menu',
    closeMenu: 'Close menu',
    goToDashboard: 'Go to Dashboard',
    signIn: 'Sign In',
    signUp: 'Sign Up',
    links: {
      home: 'Home',
      story: 'Our Story',
      mission: 'Mission',
      vision: 'Vision',
      purpose: 'Purpose',
      features: 'Features',
      team: 'Team',
    },
    bar: { home: 'Home', story: 'Story', features: 'Features', team: 'Team' },
  },
  hero: {
    eyebrow: '{{appName}} · Let us all pull together',
    title: 'Where tradition <hl>meets impact</hl>',
    slogan:
      'We take the busywork out of running your community, so you can spend your time on people and on the difference you make together.',
    audience: 'For hometown associations, cultural groups, student and faith unions, and njangi, tontine and susu circles.',
    imageAlt: 'Illustration: six people holding one rope in a circle around a tree, pulling together',
  },
  stats: {
    title: '{{appName}} at a glance',
    roles: { value: '4', label: 'community roles', detail: 'Creator, admins, treasurers and members, each with clear permissions.' },
    selfHost: { value: '2', label: 'commands to self-host', detail: 'npm install, then npm start: one process, one database file.' },
    ads: { value: '0', label: 'ads and trackers', detail: 'No advertising, no analytics, no third-party scripts.' },
    yours: {
      value: '100%',
      label: 'yours',
      detail: 'Your members’ data stays on your own server, even on a LAN without internet.',
    },
  },
  story: {
    eyebrow: 'Our Story',
    title: 'An old idea, a new home',
    p1: 'Harambee is a Swahili call heard at fundraisers and village meetings across Kenya: “let us all pull together”. Communities far from home live by the same idea: hometown associations, cultural groups, church and student unions, and the savings circles known as njangi, tontine, susu or chama.',
    p2: 'Yet most of them are run from a tangle of group chats, spreadsheets, paper notebooks and the memory of one tireless volunteer. News gets lost, newcomers cannot find the group, and the treasurer carries the weight of everyone’s trust alone.',
    p3: '{{appName}} is one calm, shared home for that work: a place where members find each other and leaders post news that does not scroll away. Events, finances, savings circles, documents and chat are as clear there to every member as they are to the people who run them.',
    imageAlt: 'Illustration: a chat message, a spreadsheet and a notebook coming together into one shared house',
  },
  missionVision: {
    eyebrow: 'Mission & Vision',
    title: 'Why we do this',
    mission: {
      title: 'Mission',
      body: 'To simplify the everyday work of running a community, from welcoming members and sharing news to keeping the books and the savings circle, so that leaders and members can put their energy into each other and into the impact they make together.',
    },
    vision: {
      title: 'Vision',
      body: 'Every diaspora and cultural community, however small, owns a digital home that keeps its traditions alive, its records open to its members and its data under its own roof.',
    },
  },
  purpose: {
    eyebrow: 'Purpose',
    title: 'What community life is for',
    intro: 'Software is only worth it if it helps with what matters. These six aims guide what we build.',
    items: {
      culture: {
        title: 'Keep culture alive',
        body: 'Give language, festivals and traditions a place where the next generation can find them and take part.',
      },
      connect: {
        title: 'Connect people far from home',
        body: 'Help members scattered across cities and countries find their community and stay in touch with it.',
      },
      support: {
        title: 'Support one another',
        body: 'Make it easy to rally around members in need: new arrivals, bereavements, celebrations and everything in between.',
      },
      trust: {
        title: 'Build trust through openness',
        body: 'Clear roles and shared records mean members can see how their community is run, not just hear about it.',
      },
      save: {
        title: 'Save and grow together',
        body: 'Honour the savings-circle tradition that has financed weddings, school fees and businesses for generations.',
      },
      leaders: {
        title: 'Lighten the load on leaders',
        body: 'Volunteers should spend their evenings with people, not chasing messages and updating spreadsheets.',
      },
    },
  },
  features: {
    eyebrow: 'Features',
    title: 'What works today, and what comes next',
    intro: 'Features marked Available are ready to use now. Those marked Coming Soon are being built; we will say so until they ship.',
    available: 'Available',
    soon: 'Coming Soon',
    items: {
      community: {
        title: 'Community Management',
        body: 'Create your community, make it public or private, and welcome members.',
        p1: 'Discover and join communities',
        p2: 'Join requests for private groups',
        p3: 'Member directory and roles',
      },
      announcements: {
        title: 'Announcements',
        body: 'News that does not get buried in a group chat.',
        p1: 'Categories with colours',
        p2: 'Pinned posts and drafts',
        p3: 'One feed for every member',
      },
      finance: {
        title: 'Financial Coordination',
        body: 'Transparent books that every member can trust.',
        p1: 'Dues collection with reminders',
        p2: 'Two people on every movement of money',
        p3: 'Receipts, budget and exports',
      },
      njangi: {
        title: 'Savings Circles (Njangi)',
        body: 'The savings circle you know, with less paperwork and more trust.',
        p1: 'Configurable circles and payout order',
        p2: 'Receipts for every contribution',
        p3: 'Cycle automation',
      },
      events: {
        title: 'Events',
        body: 'Plan meetings, festivals and celebrations in one place.',
        p1: 'Series, RSVPs and waiting lists',
        p2: 'Reminders',
        p3: 'Calendar feeds',
      },
      discussions: {
        title: 'Discussions, polls and elections',
        body: 'Talk things through, then decide together.',
        p1: 'Topics with replies and @mentions',
        p2: 'Polls, ranked choice and secret ballots',
        p3: 'Elections with nominations',
      },
      documents: {
        title: 'Documents and invitations',
        body: 'The constitution, the minutes and the receipts, where every member finds them.',
        p1: 'Folders and versions',
        p2: 'Leaders-only drafts',
        p3: 'Invitations by email and by link',
      },
      chat: {
        title: 'Chat',
        body: 'Conversations that stay with your community.',
        p1: 'Channels, direct and group messages',
        p2: 'Files and photos',
        p3: 'Mentions and an email digest',
      },
      welfare: {
        title: 'Welfare fund and standing',
        body: 'Stand by each other when a member is bereaved or falls ill.',
        p1: 'Bereavement and medical funds with their rules',
        p2: 'A levy on members in good standing, collection as totals',
        p3: 'Standing computed from the books, never typed',
      },
      calls: {
        title: 'Voice and video calls',
        body: 'Call a member or the whole group from the conversation where the matter is discussed.',
        p1: 'One-to-one and group calls',
        p2: 'Voice or video',
        p3: 'Works on a phone',
      },
    },
  },
  team: {
    eyebrow: 'Team',
    title: 'It takes a village',
    intro: 'No one runs a community alone. These are the people who make one work, and the people who build the tools for them.',
    items: {
      organisers: {
        name: 'Community organisers',
        title: 'Creators and admins',
        body: 'They start the community, approve newcomers, post the news and keep the conversation kind.',
      },
      treasurers: {
        name: 'Treasurers',
        title: 'Keepers of the circle',
        body: 'They hold the trust of every contributor. The books and the savings circles here make their records open to every member and their work lighter.',
      },
      engineers: {
        name: 'Engineers',
        title: 'Builders of the platform',
        body: 'They write and test the software, keep it fast on a modest server and make sure it works as well on a small phone as on a desktop.',
      },
      selfHosters: {
        name: 'You',
        title: 'Self-hosters',
        body: 'Anyone can run this platform on their own server, so a community’s data stays with the community.',
      },
    },
  },
  cta: {
    title: 'Ready to pull together?',
    body: 'Start a home for your association or savings circle on {{appName}} in a few minutes, or look around the communities that are already here.',
  },
  footer: {
    about: 'A home for diaspora and cultural communities and the savings circles that hold them together.',
    explore: 'Explore',
    signIn: 'Sign In',
    contact: 'Contact',
    contactIntro: 'Questions, feedback or help with your community:',
    follow: 'Follow us',
    socialLabel: '{{appName}} on {{network}} (coming soon)',
    socialTitle: '{{network}}: coming soon',
    socialSoon: 'Our social pages are coming soon.',
    copyright: '© {{year}} {{appName}}. Made for communities that pull together.',
    teamSignIn: 'TEAM SIGN IN',
  },
};
