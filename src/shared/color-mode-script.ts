import { THEME_STORAGE_KEY } from './constants';

/*
 * The one inline script of the app, in the <head> of the pre-rendered public pages: it puts the
 * visitor's colour mode on <html> before the copy paints, so a visitor in dark mode does not see
 * the light copy flash before the client takes over. The same rule as the client's
 * applyInitialColorMode (src/client/components/color-mode.tsx): the saved choice, else light on
 * the landing page and the system's elsewhere. The Content-Security-Policy allows exactly this
 * text by its hash (src/server/http/security-headers.ts); any change to it changes the hash there too.
 */
export const COLOR_MODE_SCRIPT =
  `(function(){try{var p=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `if(p!=='light'&&p!=='dark'&&p!=='system')p=location.pathname==='/'?'light':'system';` +
  `var m=p==='system'?(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'):p,r=document.documentElement;` +
  `r.classList.remove(m==='dark'?'light':'dark');r.classList.add(m);r.style.colorScheme=m}catch(e){}})()`;
