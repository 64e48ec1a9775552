import { MessageCircle } from 'lucide-react';
import type { NavEntry } from '../../shell/parts';

export const chatNav: NavEntry[] = [{ to: '/chat', label: 'shell.nav.chat', icon: MessageCircle, feature: 'chat', order: 50, phone: { place: 'bar', order: 30 }, owns: ['/chat'] }];
