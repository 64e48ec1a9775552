import type { ReactElement } from 'react';
import { lazyDialog } from '../../components/lazy-dialog';
import { useCurrentUser } from '../auth/current-user';
import type { Community } from './membership';

/* The community forms, each loaded with its first opening (components/lazy-dialog.tsx). */

const CreateCommunity = lazyDialog(() => import('./create-community').then((m) => m.CreateCommunityDialogView));

/** "Create Community": nothing without a signed-in user; closing resets the form (it remounts). */
export function CreateCommunityDialog(props: { trigger: ReactElement; onCreated?: (c: Community) => void }) {
  const { user } = useCurrentUser();
  return user ? <CreateCommunity {...props} /> : null;
}
