import { createFileRoute } from '@tanstack/react-router';
import { Lock, MessageCircle, MessagesSquare, Paperclip, UsersRound, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../features/coming-soon/coming-soon-page';

export const Route = createFileRoute('/chat')({ component: ChatComingSoon });

const FEATURES = [
  { id: 'messaging', icon: MessageCircle },
  { id: 'groups', icon: UsersRound },
  { id: 'calls', icon: Video },
  { id: 'files', icon: Paperclip },
  { id: 'privacy', icon: Lock },
] as const;

function ChatComingSoon() {
  const { t } = useTranslation();
  return (
    <ComingSoonPage
      title={t('comingSoon.chat.title')}
      subtitle={t('comingSoon.chat.subtitle')}
      icon={MessagesSquare}
      description={t('comingSoon.chat.description')}
      features={FEATURES.map((f) => ({
        title: t(`comingSoon.chat.features.${f.id}.title`),
        description: t(`comingSoon.chat.features.${f.id}.description`),
        icon: f.icon,
      }))}
    />
  );
}
