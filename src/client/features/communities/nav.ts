import { Compass, Users } from 'lucide-react';
import type { NavEntry } from '../../shell/parts';

/** A community's pages (its dashboard, details, polls and topics) are under Communities; the signed-in Discover under Explore. */
export const communitiesNav: NavEntry[] = [
  { to: '/communities', label: 'shell.nav.communities', icon: Users, order: 20, phone: { place: 'bar', order: 20 }, owns: ['/communities', '/community', '/polls', '/topics'] },
  { to: '/explore', label: 'shell.nav.explore', icon: Compass, order: 40, phone: { place: 'more', order: 20 }, owns: ['/explore', '/discover-authenticated'] },
];
