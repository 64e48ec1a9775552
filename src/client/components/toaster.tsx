import { lazy, Suspense, useEffect, useState } from 'react';

type ToastType = 'success' | 'error' | 'info';

const ToasterView = lazy(() => import('./toaster-view'));

/** Set once the first toast is asked for; the Toaster mounts its region from then on. */
let wanted = false;
const onWanted = new Set<() => void>();

/**
 * The toast store and region load with the first toast, not with the page (Zag's toast machine
 * is some kilobytes the landing page never needs). Toasts asked for meanwhile are created in order
 * once the store has loaded; the region shows them on mount.
 */
function show(type: ToastType, title: string, description?: string): void {
  if (!wanted) {
    wanted = true;
    for (const listener of onWanted) listener();
  }
  void import('./toaster-store').then(({ toaster }) => toaster.create({ type, title, description }));
}

export function Toaster() {
  const [needed, setNeeded] = useState(wanted);
  useEffect(() => {
    if (needed) return;
    const listener = () => setNeeded(true);
    onWanted.add(listener);
    // A toast asked for between the first render and this effect.
    if (wanted) setNeeded(true);
    return () => {
      onWanted.delete(listener);
    };
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}

export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
};
