import { onceLoader } from '../../lib/once-loader';
import { isWideScreen } from '../../lib/use-wide-screen';

/*
 * The signed-in frame's code, loaded by the signed-in pages' guard (routes/_signed-in.tsx) so that
 * the first render has it. Rendered through React.lazy, the frame would first commit its Suspense
 * fallback and then reveal the page, and React holds a reveal back until 300 ms after the last
 * fallback it showed: that much later on every signed-in page's first load.
 *
 * The rail (a laptop's navigation, with its tooltips and their positioning code) is a module of its
 * own, loaded with the frame only on a wide screen: a phone never draws it.
 */

const rail = onceLoader(() => import('./rail').then((m) => m.default));
const frame = onceLoader(() => import('./app-shell').then((m) => m.default));

/**
 * Starts (once) loading the frame, and the rail if the screen is wide; a failed load is forgotten,
 * so the next call tries again. The rail's failure is not the frame's: the frame asks again.
 */
export function loadAppShell() {
  return Promise.all([frame.start(), isWideScreen() ? rail.start().catch(() => null) : null]).then(([shell]) => shell);
}

/** The frame if its code is here, else null (routes/__root.tsx's SignedInFrame then waits for loadAppShell). */
export const loadedAppShell = frame.get;

/** The rail, for a screen that became wide after the frame loaded (a window widened, a tablet turned). */
export const loadRail = rail.start;
export const loadedRail = rail.get;
