import { CalendarDays, Compass, LayoutDashboard, MessageCircle, PiggyBank, Users, type LucideIcon } from 'lucide-react';

export type NavItem = { to: '/dashboard' | '/communities' | '/events' | '/explore' | '/chat' | '/njangi'; label: string; icon: LucideIcon; soon?: boolean };

/** The six destinations of the signed-in navigation, in the rail's order; the unbuilt ones are marked `soon`. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/communities', label: 'Communities', icon: Users },
  { to: '/events', label: 'Events', icon: CalendarDays, soon: true },
  { to: '/explore', label: 'Explore', icon: Compass },
  { to: '/chat', label: 'Chat', icon: MessageCircle, soon: true },
  { to: '/njangi', label: 'Njangi', icon: PiggyBank, soon: true },
];

/** The mobile bottom bar's four. */
export const MOBILE_ITEMS = NAV_ITEMS.filter((i) => ['/dashboard', '/communities', '/njangi', '/events'].includes(i.to));
