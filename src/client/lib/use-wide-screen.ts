import { useSyncExternalStore } from 'react';

/** Chakra's `md` breakpoint (48em, 768 px): the rail from here up, the phone's bars below. */
const WIDE = '(min-width: 48em)';

const media = () => (typeof window === 'undefined' ? null : (window.matchMedia?.(WIDE) ?? null));

function subscribe(onChange: () => void) {
  const mq = media();
  mq?.addEventListener('change', onChange);
  return () => mq?.removeEventListener('change', onChange);
}

/**
 * Whether the screen is at least `md` wide, following it as a window is resized or a tablet turned.
 * For frames that differ by width enough to render only one of them: hiding the other with CSS
 * would still run its menus' and tooltips' machines in every first render on a phone.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWideScreen);
}

/** The same, read once (outside React). */
export const isWideScreen = (): boolean => media()?.matches ?? true;
