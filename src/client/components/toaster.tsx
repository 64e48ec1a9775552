import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_DURATION_MS } from '../../shared/constants';

// One toast visible at a time (a newer one replaces it), each shown 5000 ms; F8 moves focus to the toast area.
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
  hotkey: ['F8'],
});

const ToasterView = lazy(() => import('./toaster-view'));

/**
 * The toast region's code loads with the first toast, not with the page: the store keeps the
 * toast meanwhile and the region shows it on mount.
 */
export function Toaster() {
  const [needed, setNeeded] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => (needed ? undefined : toaster.subscribe(() => setNeeded(true))), [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}

export const notify = {
  success: (title: string, description?: string) => toaster.create({ type: 'success', title, description }),
  error: (title: string, description?: string) => toaster.create({ type: 'error', title, description }),
  info: (title: string, description?: string) => toaster.create({ type: 'info', title, description }),
};
