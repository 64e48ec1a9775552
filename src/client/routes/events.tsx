import { createFileRoute } from '@tanstack/react-router';
import { BellRing, CalendarCheck, CalendarDays, CalendarPlus, CalendarSync, ScanLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../features/coming-soon/coming-soon-page';

export const Route = createFileRoute('/events')({ component: EventsComingSoon });

const FEATURES = [
  { id: 'scheduling', icon: CalendarPlus },
  { id: 'rsvps', icon: CalendarCheck },
  { id: 'reminders', icon: BellRing },
  { id: 'calendar', icon: CalendarSync },
  { id: 'checkIn', icon: ScanLine },
] as const;

function EventsComingSoon() {
  const { t } = useTranslation();
  return (
    <ComingSoonPage
      title={t('comingSoon.events.title')}
      subtitle={t('comingSoon.events.subtitle')}
      icon={CalendarDays}
      description={t('comingSoon.events.description')}
      features={FEATURES.map((f) => ({
        title: t(`comingSoon.events.features.${f.id}.title`),
        description: t(`comingSoon.events.features.${f.id}.description`),
        icon: f.icon,
      }))}
    />
  );
}
