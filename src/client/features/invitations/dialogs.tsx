import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../components/lazy-dialog';
import { ButtonWithIcon } from '../../components/button-with-icon';

/** The invitation forms load with the dialog's first opening (components/lazy-dialog.tsx): the pages that offer them load no form kit up front. */
const Invite = lazyDialog(() => import('./invite-dialog').then((m) => m.InviteDialogView));

/** The community header's Invite button. */
export function InviteDialog({ community }: { community: { id: number; name: string } }) {
  const { t } = useTranslation();
  return (
    <Invite
      community={community}
      trigger={<ButtonWithIcon icon={UserPlus} variant="outline">{t('invitations.dialog.open')}</ButtonWithIcon>}
    />
  );
}

/** The dashboard's "Join with an invitation link": a link or its code. */
export const JoinWithLinkDialog = lazyDialog(() => import('./join-with-link').then((m) => m.JoinWithLinkDialog));
