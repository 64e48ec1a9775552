import type { ReactElement } from 'react';
import { lazyDialog } from './lazy-dialog';

export type ConfirmDialogProps = {
  trigger: ReactElement;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
};

/**
 * Asks before something that cannot be undone; the action's button shows progress. A failed
 * action keeps the dialog open and is not rethrown: `onConfirm` must report its own errors.
 * The dialog itself loads with the first click on `trigger`.
 */
export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(() => import('./confirm-dialog-view').then((m) => m.ConfirmDialogView));
