import { Navigate, Outlet, createFileRoute, redirect, useLocation } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ensureCurrentUser, useCurrentUser } from '../features/auth/current-user';
import { isOnline } from '../lib/online';
import { loadAppShell } from '../components/shell/load-app-shell';
import { changeLanguage, currentLanguage } from '../i18n';
import { restoreOffline, startOffline } from '../lib/offline/start';

/**
 * Every page that needs a signed-in user sits under this pathless layout (routes/_signed-in/…;
 * the URLs do not change). Its guard runs before the page's loader and code: signed out, the
 * browser goes to /signin, which comes back here after signing in. The pages read the user with
 * useSignedInUser().
 */
let accountLanguageTaken = false;

export const Route = createFileRoute('/_signed-in')({
  beforeLoad: async ({ context, location }) => {
    // The frame's code travels with the question of who is signed in (a failure to load it shows later, through __root.tsx's SignedInFrame).
    const frame = loadAppShell().catch(() => undefined);
    // A phone started without a network opens on what it kept (meeting day): asking the server would
    // only fail after its retries.
    let user = (!navigator.onLine ? await restoreOffline(context.queryClient) : null) as Awaited<ReturnType<typeof ensureCurrentUser>>;
    user ||= await ensureCurrentUser(context.queryClient);
    // Unreachable is not signed out: wait for the connection (the pending page says so) and ask again.
    while (!user && !isOnline()) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      user = await ensureCurrentUser(context.queryClient);
    }
    if (!user) throw redirect({ to: '/signin', search: { redirect: location.href }, replace: true });
    // The language saved on the account before the first signed-in page draws (a device that has
    // not seen it yet, just signed in): otherwise it shows in the browser's language, then switches.
    // Once per page load: later, the switcher's choice leads (__root.tsx follows the account's).
    if (!accountLanguageTaken) {
      accountLanguageTaken = true;
      if (user.language && user.language !== currentLanguage()) await changeLanguage(user.language).catch(() => undefined);
    }
    await frame;
    return { user };
  },
  component: SignedInLayout,
});

/** Signed out while on a page (the session ended on another device, or expired): the same way out as the guard's. */
function SignedInLayout() {
  const { user, isLoading } = useCurrentUser();
  const href = useLocation({ select: (l) => l.href });
  const queryClient = useQueryClient();
  // Records a phone kept offline (meeting day) leave as soon as their account is signed in and online.
  const userId = user?.id;
  useEffect(() => {
    if (userId) void startOffline(queryClient, userId);
  }, [queryClient, userId]);
  if (!user && !isLoading) return <Navigate to="/signin" search={{ redirect: href }} replace />;
  return <Outlet />;
}
