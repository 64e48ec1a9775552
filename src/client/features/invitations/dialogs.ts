import { lazyDialog } from '../../components/lazy-dialog';

/* The invitation form the dashboard offers, loaded with its first opening (components/lazy-dialog.tsx): the dashboard loads no form kit up front. */

export const JoinWithLinkDialog = lazyDialog(() => import('./join-with-link').then((m) => m.JoinWithLinkDialog));
