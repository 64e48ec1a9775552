import { UserRound } from 'lucide-react';
import type { NavEntry } from '../../shell/parts';

/** The rail shows the profile as its avatar button; on a phone it is in "More". */
export const profileNav: NavEntry[] = [
  { to: '/profile', label: 'shell.nav.profile', icon: UserRound, order: 90, phoneOnly: true, phone: { place: 'more', order: 30 }, owns: ['/profile', '/edit-profile', '/change-password'] },
];
