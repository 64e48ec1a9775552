import type AppShell from './app-shell';

/*
 * The signed-in frame's code, loaded by the signed-in pages' guard (routes/_signed-in.tsx) so that
 * the first render has it. Rendered through React.lazy, the frame would first commit its Suspense
 * fallback and then reveal the page, and React holds a reveal back until 300 ms after the last
 * fallback it showed: that much later on every signed-in page's first load.
 */

let loaded: typeof AppShell | null = null;
let loading: Promise<typeof AppShell> | null = null;

/** Starts (once) loading the frame; a failed load is forgotten, so the next call tries again. */
export function loadAppShell(): Promise<typeof AppShell> {
  return (loading ??= import('./app-shell').then(
    (m) => (loaded = m.default),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/** The frame if its code is here, else null (routes/__root.tsx's SignedInFrame then waits for loadAppShell). */
export const loadedAppShell = (): typeof AppShell | null => loaded;
