import { CalendarDays, Compass, LayoutDashboard, MessageCircle, PiggyBank, Users, type LucideIcon } from 'lucide-react';
import type { MessageKey } from '../../../shared/i18n/catalogue';

/** A destination; `label` is a catalogue key, translated where the item is drawn. */
export type NavItem = { to: '/dashboard' | '/communities' | '/events' | '/explore' | '/chat' | '/njangi'; label: MessageKey; icon: LucideIcon; soon?: boolean };

/** The six destinations of the signed-in navigation, in the rail's order; the unbuilt ones are marked `soon`. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'shell.nav.dashboard', icon: LayoutDashboard },
  { to: '/communities', label: 'shell.nav.communities', icon: Users },
  { to: '/events', label: 'shell.nav.events', icon: CalendarDays },
  { to: '/explore', label: 'shell.nav.explore', icon: Compass },
  { to: '/chat', label: 'shell.nav.chat', icon: MessageCircle },
  { to: '/njangi', label: 'shell.nav.njangi', icon: PiggyBank },
];

/** The mobile bottom bar's four. */
export const MOBILE_ITEMS = NAV_ITEMS.filter((i) => ['/dashboard', '/communities', '/njangi', '/events'].includes(i.to));
