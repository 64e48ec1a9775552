import { IconButton } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { refreshConversations } from './queries';

/** "Message" beside a member: opens the direct conversation with them (made the first time), in the community where they were found. */
export function MessageButton({ userId, name, communityId }: { userId: string; name: string; communityId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = useMutation(trpc.chat.openDirect.mutationOptions());
  return (
    <IconButton
      size="sm"
      variant="ghost"
      aria-label={t('communities.directory.message', { name })}
      loading={open.isPending}
      data-testid="member-message"
      onClick={async () => {
        try {
          const c = await open.mutateAsync({ userId, communityId });
          await refreshConversations(queryClient);
          void navigate({ to: '/chat', search: { c: c.id } });
        } catch (e) {
          notify.error(t('chat.screen.picker.failed'), errorInfo(e).message);
        }
      }}
    >
      <MessageCircle aria-hidden />
    </IconButton>
  );
}
