import { lazyDialog } from '../../components/lazy-dialog';

/* The circle forms opened from pages that only show circles, each loaded with its first opening (components/lazy-dialog.tsx). */

export const CreateCircleDialog = lazyDialog(() => import('./create-circle-dialog').then((m) => m.CreateCircleDialog));
