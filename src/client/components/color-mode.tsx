import { IconButton } from '@chakra-ui/react';
import { useLocation } from '@tanstack/react-router';
import { Monitor, Moon, Sun } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_STORAGE_KEY } from '@shared/constants';

export type ColorPreference = 'light' | 'dark' | 'system';
type ColorModeState = { preference: ColorPreference; resolved: 'light' | 'dark'; setPreference: (p: ColorPreference) => void };

const ColorModeContext = createContext<ColorModeState | null>(null);

function storedPreference(): ColorPreference | null {
  try {
    const v = localStorage.getItem(THEME_STORAGE_KEY);
    return v === 'light' || v === 'dark' || v === 'system' ? v : null;
  } catch {
    return null;
  }
}

// No window when the server pre-renders a public page (src/client/prerender): light, as the landing page defaults.
const systemDark = () => (typeof window === 'undefined' ? false : (window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false));

export function applyColorMode(mode: 'light' | 'dark') {
  const root = document.documentElement;
  root.classList.remove(mode === 'dark' ? 'light' : 'dark');
  root.classList.add(mode);
  root.style.colorScheme = mode;
}

/** Called before the first render so the page does not flash the wrong theme. */
export function applyInitialColorMode() {
  const pref = storedPreference() ?? (location.pathname === '/' ? 'light' : 'system');
  applyColorMode(pref === 'system' ? (systemDark() ? 'dark' : 'light') : pref);
}

/**
 * Light, dark or system, saved in local storage so it survives a reload. Written here rather than
 * with next-themes, whose inline script our Content-Security-Policy would forbid (the policy allows
 * one inline script by its hash: the pre-rendered pages' src/shared/color-mode-script.ts, which
 * applies the same rule as applyInitialColorMode).
 */
export function ColorModeProvider({ children, defaultLight }: { children: ReactNode; defaultLight: boolean }) {
  const [stored, setStored] = useState<ColorPreference | null>(storedPreference);
  const [dark, setDark] = useState(systemDark);
  useEffect(() => {
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    const onChange = () => setDark(mq.matches);
    mq?.addEventListener('change', onChange);
    return () => mq?.removeEventListener('change', onChange);
  }, []);
  // The landing page defaults to light; everywhere else the default is the system's.
  const preference: ColorPreference = stored ?? (defaultLight ? 'light' : 'system');
  const resolved = preference === 'system' ? (dark ? 'dark' : 'light') : preference;
  useEffect(() => applyColorMode(resolved), [resolved]);
  const setPreference = useCallback((p: ColorPreference) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, p);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
    setStored(p);
  }, []);
  const value = useMemo(() => ({ preference, resolved, setPreference }), [preference, resolved, setPreference]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeState {
  const ctx = useContext(ColorModeContext);
  if (!ctx) throw new Error('useColorMode outside ColorModeProvider');
  return ctx;
}

/** Wraps the app under the router so the landing page can default to light. */
export function RouteAwareColorMode({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ColorModeProvider defaultLight={pathname === '/'}>{children}</ColorModeProvider>;
}

const NEXT: Record<ColorPreference, ColorPreference> = { light: 'dark', dark: 'system', system: 'light' };
const LABEL = { light: 'common.theme.light', dark: 'common.theme.dark', system: 'common.theme.system' } as const;

/**
 * One button cycling light → dark → system; its name says the current theme and the next one.
 * (A plain button rather than a menu keeps the landing page's JavaScript small.)
 */
export function ColorModeToggle() {
  const { t } = useTranslation();
  const { preference, setPreference } = useColorMode();
  const names = { current: t(LABEL[preference]), next: t(LABEL[NEXT[preference]]) };
  const next = NEXT[preference];
  const Icon = preference === 'dark' ? Moon : preference === 'light' ? Sun : Monitor;
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={t('common.theme.label', names)}
      title={t('common.theme.title', names)}
      onClick={() => setPreference(next)}
      data-testid="theme-toggle"
      data-theme-preference={preference}
    >
      <Icon size={18} aria-hidden />
    </IconButton>
  );
}
