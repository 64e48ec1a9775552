import { PiggyBank } from 'lucide-react';
import type { NavEntry } from '../../shell/parts';

export const circlesNav: NavEntry[] = [{ to: '/njangi', label: 'shell.nav.njangi', icon: PiggyBank, feature: 'njangi', order: 60, phone: { place: 'bar', order: 40 }, owns: ['/njangi'] }];
