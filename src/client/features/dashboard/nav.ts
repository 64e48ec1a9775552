import { LayoutDashboard } from 'lucide-react';
import type { NavEntry } from '../../shell/parts';

export const dashboardNav: NavEntry[] = [
  { to: '/dashboard', label: 'shell.nav.dashboard', icon: LayoutDashboard, order: 10, phone: { place: 'bar', order: 10, label: 'shell.nav.homeShort' }, owns: ['/dashboard'] },
];
