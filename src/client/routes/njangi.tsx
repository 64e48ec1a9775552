import { createFileRoute } from '@tanstack/react-router';
import { CreditCard, LineChart, PiggyBank, Repeat, ShieldCheck, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../features/coming-soon/coming-soon-page';

export const Route = createFileRoute('/njangi')({ component: NjangiComingSoon });

const FEATURES = [
  { id: 'groups', icon: ShieldCheck },
  { id: 'contributions', icon: Repeat },
  { id: 'members', icon: UsersRound },
  { id: 'tracking', icon: LineChart },
  { id: 'payments', icon: CreditCard },
] as const;

function NjangiComingSoon() {
  const { t } = useTranslation();
  return (
    <ComingSoonPage
      title={t('comingSoon.njangi.title')}
      subtitle={t('comingSoon.njangi.subtitle')}
      icon={PiggyBank}
      description={t('comingSoon.njangi.description')}
      features={FEATURES.map((f) => ({
        title: t(`comingSoon.njangi.features.${f.id}.title`),
        description: t(`comingSoon.njangi.features.${f.id}.description`),
        icon: f.icon,
      }))}
    />
  );
}
