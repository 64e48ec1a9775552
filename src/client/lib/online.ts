import { useSyncExternalStore } from 'react';

/*
 * Whether the server can be reached. The browser's navigator.onLine is only sure when it says
 * offline (a phone on a dead connection often still says online), so the API client also reports
 * each call: a network failure marks the connection down, any answer marks it up again.
 */
let reachable = true;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Called by the API client after each call: true when the server answered (any status), false on a network failure. */
export function reportConnection(ok: boolean) {
  if (ok === reachable) return;
  reachable = ok;
  emit();
}

export const isOnline = () => reachable && navigator.onLine;

// The browser's own word that the network is back is taken as a reason to try again: otherwise a
// phone whose every call failed while offline (a restart without a network) would wait for a call
// to succeed before making any (the offline queue sends only when online). The next call confirms.
if (typeof window !== 'undefined') window.addEventListener('online', () => reportConnection(true));

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export const useOnline = () => useSyncExternalStore(subscribe, isOnline);
