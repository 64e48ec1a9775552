import { createFileRoute } from '@tanstack/react-router';
import { Lock, MessageCircle, MessagesSquare, Paperclip, UsersRound, Video } from 'lucide-react';
import { ComingSoonPage } from '../features/coming-soon/coming-soon-page';

export const Route = createFileRoute('/chat')({ component: ChatComingSoon });

function ChatComingSoon() {
  return (
    <ComingSoonPage
      title="Chat"
      subtitle="Messaging Platform"
      icon={MessagesSquare}
      description="Conversations that belong to your community instead of a phone number list: talk one to one or as a group, call each other and share the files that matter, all alongside your announcements and members."
      features={[
        { title: 'Messaging', description: 'Direct messages between members of the same community.', icon: MessageCircle },
        { title: 'Group conversations', description: 'Conversations for the whole community, a committee or a savings circle.', icon: UsersRound },
        { title: 'Video and voice calls', description: 'Meet face to face when the group cannot gather in person.', icon: Video },
        { title: 'File sharing', description: 'Share minutes, photos and documents where the group can find them again.', icon: Paperclip },
        { title: 'Private and secure', description: 'Conversations visible only to the people in them, stored with the rest of your community’s data rather than on someone else’s platform.', icon: Lock },
      ]}
    />
  );
}
