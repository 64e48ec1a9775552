import {
  BookOpen,
  CalendarDays,
  HandCoins,
  HandHeart,
  Landmark,
  Megaphone,
  MessagesSquare,
  PiggyBank,
  ShieldCheck,
  Sprout,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';

/**
 * The landing page's words: what Harambee is for and what it does. Every claim here is true
 * of the product as it ships: what is not built yet says so.
 */

export const TAGLINE = 'Where tradition meets impact';
export const SLOGAN =
  'We take the busywork out of running your community, so you can spend your time on people and on the difference you make together.';

/** The page's sections by anchor id, in the order they appear. */
export const SECTION_IDS = ['home', 'stats', 'story', 'mission-vision', 'purpose', 'features', 'team'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** Anchor links of the landing header; `section` is the section that lights the link up while it is on screen. */
export const SECTION_LINKS: { id: string; label: string; short: string; section: SectionId[] }[] = [
  { id: 'home', label: 'Home', short: 'Home', section: ['home', 'stats'] },
  { id: 'story', label: 'Our Story', short: 'Story', section: ['story'] },
  { id: 'mission', label: 'Mission', short: 'Mission', section: ['mission-vision'] },
  { id: 'vision', label: 'Vision', short: 'Vision', section: ['mission-vision'] },
  { id: 'purpose', label: 'Purpose', short: 'Purpose', section: ['purpose'] },
  { id: 'features', label: 'Features', short: 'Features', section: ['features'] },
  { id: 'team', label: 'Team', short: 'Team', section: ['team'] },
];

/** Four headline statistics: facts about the software, not invented survey numbers. */
export const STATS = [
  { value: '4', label: 'community roles', detail: 'Creator, admins, treasurers and members, each with clear permissions.' },
  { value: '2', label: 'commands to self-host', detail: 'npm install, then npm start: one process, one database file.' },
  { value: '0', label: 'ads and trackers', detail: 'No advertising, no analytics, no third-party scripts.' },
  { value: '100%', label: 'yours', detail: 'Your members’ data stays on your own server, even on a LAN without internet.' },
] as const;

export const story = (appName: string) => [
  'Harambee is a Swahili call heard at fundraisers and village meetings across Kenya: “let us all pull together”. Communities far from home live by the same idea: hometown associations, cultural groups, church and student unions, and the savings circles known as njangi, tontine, susu or chama.',
  'Yet most of them are run from a tangle of group chats, spreadsheets, paper notebooks and the memory of one tireless volunteer. News gets lost, newcomers cannot find the group, and the treasurer carries the weight of everyone’s trust alone.',
  `${appName} is one calm, shared home for that work: a place where members find each other and leaders post news that does not scroll away. Step by step, events, finances and savings circles will become as clear to every member as they are to the people who run them.`,
];

export const MISSION = {
  title: 'Mission',
  body: 'To simplify the everyday work of running a community, from welcoming members to sharing news and, soon, keeping the books, so that leaders and members can put their energy into each other and into the impact they make together.',
};
export const VISION = {
  title: 'Vision',
  body: 'Every diaspora and cultural community, however small, owns a digital home that keeps its traditions alive, its records open to its members and its data under its own roof.',
};

export const PURPOSES: { title: string; body: string; icon: LucideIcon }[] = [
  {
    title: 'Keep culture alive',
    body: 'Give language, festivals and traditions a place where the next generation can find them and take part.',
    icon: Sprout,
  },
  {
    title: 'Connect people far from home',
    body: 'Help members scattered across cities and countries find their community and stay in touch with it.',
    icon: UsersRound,
  },
  {
    title: 'Support one another',
    body: 'Make it easy to rally around members in need: new arrivals, bereavements, celebrations and everything in between.',
    icon: HandHeart,
  },
  {
    title: 'Build trust through openness',
    body: 'Clear roles and shared records mean members can see how their community is run, not just hear about it.',
    icon: ShieldCheck,
  },
  {
    title: 'Save and grow together',
    body: 'Honour the savings-circle tradition that has financed weddings, school fees and businesses for generations.',
    icon: HandCoins,
  },
  {
    title: 'Lighten the load on leaders',
    body: 'Volunteers should spend their evenings with people, not chasing messages and updating spreadsheets.',
    icon: Landmark,
  },
];

export type Availability = 'available' | 'soon';
export const FEATURES: { title: string; body: string; points: string[]; icon: LucideIcon; status: Availability }[] = [
  {
    title: 'Community Management',
    body: 'Create your community, make it public or private, and welcome members.',
    points: ['Discover and join communities', 'Join requests for private groups', 'Member directory and roles'],
    icon: Users,
    status: 'available',
  },
  {
    title: 'Announcements',
    body: 'News that does not get buried in a group chat.',
    points: ['Categories with colours', 'Pinned posts and drafts', 'One feed for every member'],
    icon: Megaphone,
    status: 'available',
  },
  {
    title: 'Financial Coordination',
    body: 'Transparent books that every member can trust.',
    points: ['Dues collection with reminders', 'Expense tracking and reports', 'Budget planning'],
    icon: BookOpen,
    status: 'soon',
  },
  {
    title: 'Savings Group (Njangi)',
    body: 'The savings circle you know, with less paperwork and more trust.',
    points: ['Configurable circles and payout order', 'Receipts for every contribution', 'Cycle automation'],
    icon: PiggyBank,
    status: 'soon',
  },
  {
    title: 'Events',
    body: 'Plan meetings, festivals and celebrations in one place.',
    points: ['Scheduling and RSVPs', 'Reminders', 'Calendar sync'],
    icon: CalendarDays,
    status: 'soon',
  },
  {
    title: 'Chat',
    body: 'Conversations that stay with your community.',
    points: ['Direct and group messages', 'Voice and video calls', 'File sharing'],
    icon: MessagesSquare,
    status: 'soon',
  },
];

/** Who makes a community work: roles, not invented people. */
export const TEAM = [
  {
    name: 'Community organisers',
    title: 'Creators and admins',
    body: 'They start the community, approve newcomers, post the news and keep the conversation kind.',
    image: '/landing/team-organisers.svg',
    alt: 'Illustration: two organisers beside a community noticeboard',
  },
  {
    name: 'Treasurers',
    title: 'Keepers of the circle',
    body: 'They hold the trust of every contributor. The finance tools we are building aim to make their records open and their work lighter.',
    image: '/landing/team-treasurers.svg',
    alt: 'Illustration: a treasurer with an open ledger and a stack of coins',
  },
  {
    name: 'Engineers',
    title: 'Builders of the platform',
    body: 'They write and test the software, keep it fast on a modest server and make sure it works as well on a small phone as on a desktop.',
    image: '/landing/team-engineers.svg',
    alt: 'Illustration: an engineer at a laptop showing code',
  },
  {
    name: 'You',
    title: 'Self-hosters',
    body: 'Anyone can run this platform on their own server, so a community’s data stays with the community.',
    image: '/landing/team-self-hosters.svg',
    alt: 'Illustration: a person beside a house with a small server inside',
  },
] as const;
