import { Dialog, Tabs } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { EmailInvites } from './email-invites';
import { LinkInvites } from './link-invites';
import { PendingInvites } from './pending-invites';

/** Inviting by email, by link, and the invitations still pending (opened by dialogs.tsx's InviteDialog). */
export function InviteDialogView({ community, trigger, defaultOpen }: { community: { id: number; name: string }; trigger: ReactElement; defaultOpen?: boolean }) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      defaultOpen={defaultOpen}
      trigger={trigger}
      title={t('invitations.dialog.title', { community: community.name })}
      closeLabel={t('invitations.dialog.close')}
    >
      <Dialog.Body pb="6">
        <Tabs.Root defaultValue="email" colorPalette="brand" lazyMount>
          <Tabs.List>
            <Tabs.Trigger value="email">{t('invitations.dialog.byEmail')}</Tabs.Trigger>
            <Tabs.Trigger value="link">{t('invitations.dialog.byLink')}</Tabs.Trigger>
            <Tabs.Trigger value="pending">{t('invitations.dialog.pending')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="email">
            <EmailInvites communityId={community.id} />
          </Tabs.Content>
          <Tabs.Content value="link">
            <LinkInvites community={community} />
          </Tabs.Content>
          <Tabs.Content value="pending">
            <PendingInvites communityId={community.id} />
          </Tabs.Content>
        </Tabs.Root>
      </Dialog.Body>
    </DialogFrame>
  );
}
