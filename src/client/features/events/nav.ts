import { CalendarDays } from 'lucide-react';
import type { NavEntry } from '../../shell/parts';

export const eventsNav: NavEntry[] = [{ to: '/events', label: 'shell.nav.events', icon: CalendarDays, feature: 'events', order: 30, phone: { place: 'more', order: 10 }, owns: ['/events'] }];
