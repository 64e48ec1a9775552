import type { FeatureState } from '@shared/features';
import type { LucideIcon } from 'lucide-react';
// Each icon by its own path, not from the package index: the build then knows these are the landing page's
// icons and gives them their own chunk (vite.config.ts's 'landing-kit'), apart from the icons every other
// page adds. The landing files import Chakra's components by their own paths for the same reason
// (@chakra-ui/react/card), apart from the plain components every other page adds ('ui-shared').
import BookOpen from 'lucide-react/icons/book-open';
import CalendarDays from 'lucide-react/icons/calendar-days';
import CodeXml from 'lucide-react/icons/code-xml';
import HandCoins from 'lucide-react/icons/hand-coins';
import HandHeart from 'lucide-react/icons/hand-heart';
import Landmark from 'lucide-react/icons/landmark';
import Megaphone from 'lucide-react/icons/megaphone';
import MessagesSquare from 'lucide-react/icons/messages-square';
import PiggyBank from 'lucide-react/icons/piggy-bank';
import Server from 'lucide-react/icons/server';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Sprout from 'lucide-react/icons/sprout';
import Users from 'lucide-react/icons/users';
import Vote from 'lucide-react/icons/vote';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import FileText from 'lucide-react/icons/file-text';
import Video from 'lucide-react/icons/video';
import { FEATURES as PRODUCT_FEATURES, type FeatureId } from '@shared/features';
import UsersRound from 'lucide-react/icons/users-round';

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

/** Each feature's icon; what the features are, and whether each is built, is src/shared/features.ts. */
const FEATURE_ICONS: Record<FeatureId, LucideIcon> = {
  community: Users,
  announcements: Megaphone,
  finance: BookOpen,
  njangi: PiggyBank,
  events: CalendarDays,
  discussions: Vote,
  documents: FileText,
  chat: MessagesSquare,
  welfare: HeartHandshake,
  calls: Video,
};
/** The landing page's feature cards (landing.features.items.<id>, three points each). */
// Widened to every state: the day all are built, the landing page keeps its way of showing one that is not.
export const FEATURES = PRODUCT_FEATURES.map((f) => ({ id: f.id, icon: FEATURE_ICONS[f.id], status: f.state as FeatureState }));
export const FEATURE_POINTS = ['p1', 'p2', 'p3'] as const;

/** Who makes a community work (landing.team.items.<id>): roles, not invented people. */
export const TEAM: { id: 'organisers' | 'treasurers' | 'engineers' | 'selfHosters'; icon: LucideIcon; palette: string }[] = [
  { id: 'organisers', icon: Megaphone, palette: 'brand' },
  { id: 'treasurers', icon: HandCoins, palette: 'orange' },
  { id: 'engineers', icon: CodeXml, palette: 'purple' },
  { id: 'selfHosters', icon: Server, palette: 'blue' },
];
