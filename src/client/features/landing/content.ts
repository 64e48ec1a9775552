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
 * The landing page's structure: sections, cards and their icons, in order. Their words are in
 * the catalogue (src/shared/i18n/<language>/landing.ts), under the ids used here.
 */

/** The page's sections by anchor id, in the order they appear. */
export const SECTION_IDS = ['home', 'stats', 'story', 'mission-vision', 'purpose', 'features', 'team'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** Anchor links of the landing header (landing.nav.links.<id>); `section` is the section that lights the link up while it is on screen. */
export const SECTION_LINKS: { id: 'home' | 'story' | 'mission' | 'vision' | 'purpose' | 'features' | 'team'; section: SectionId[] }[] = [
  { id: 'home', section: ['home', 'stats'] },
  { id: 'story', section: ['story'] },
  { id: 'mission', section: ['mission-vision'] },
  { id: 'vision', section: ['mission-vision'] },
  { id: 'purpose', section: ['purpose'] },
  { id: 'features', section: ['features'] },
  { id: 'team', section: ['team'] },
];

/** Four headline statistics (landing.stats.<id>): facts about the software, not invented survey numbers. */
export const STATS = ['roles', 'selfHost', 'ads', 'yours'] as const;

/** The six aims (landing.purpose.items.<id>). */
export const PURPOSES = [
  { id: 'culture', icon: Sprout },
  { id: 'connect', icon: UsersRound },
  { id: 'support', icon: HandHeart },
  { id: 'trust', icon: ShieldCheck },
  { id: 'save', icon: HandCoins },
  { id: 'leaders', icon: Landmark },
] as const satisfies readonly { id: string; icon: LucideIcon }[];

export type Availability = 'available' | 'soon';
/** What the product does (landing.features.items.<id>, three points each), and whether it is built yet. */
export const FEATURES = [
  { id: 'community', icon: Users, status: 'available' },
  { id: 'announcements', icon: Megaphone, status: 'available' },
  { id: 'finance', icon: BookOpen, status: 'soon' },
  { id: 'njangi', icon: PiggyBank, status: 'soon' },
  { id: 'events', icon: CalendarDays, status: 'soon' },
  { id: 'chat', icon: MessagesSquare, status: 'soon' },
] as const satisfies readonly { id: string; icon: LucideIcon; status: Availability }[];
export const FEATURE_POINTS = ['p1', 'p2', 'p3'] as const;

/** Who makes a community work (landing.team.items.<id>): roles, not invented people. */
export const TEAM = [
  { id: 'organisers', image: '/landing/team-organisers.svg' },
  { id: 'treasurers', image: '/landing/team-treasurers.svg' },
  { id: 'engineers', image: '/landing/team-engineers.svg' },
  { id: 'selfHosters', image: '/landing/team-self-hosters.svg' },
] as const;
