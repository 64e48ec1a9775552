import { createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from '@shared/constants';

// One toast visible at a time (a newer one replaces it), each shown 5000 ms; F8 moves focus to the toast area.
// Its own module, loaded with the first toast: Zag's toast machines stay out of the first load.
export const toaster = createToaster({
  placement: 'bottom-end',
  // Above the phone's bottom bar while it shows (theme.ts sets the variable then); 1rem elsewhere.
  offsets: { top: '1rem', right: '1rem', left: '1rem', bottom: 'var(--toast-offset-bottom, 1rem)' },
  max: 1,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
  hotkey: ['F8'],
});
