import { lazy, Suspense, useState } from 'react';
import { SignedOutAuthRoute } from './features/auth/SignedOutAuthRoute';
import { NavigationContext } from './features/navigation/navigation';
import { useBrowserLocation } from './features/navigation/useBrowserLocation';
import { FullPageLoader } from './features/session/FullPageLoader';
import { useSignedOutSession } from './features/session/signedOutSession';
import { ensureToaster } from './features/toasts/toasts';

// The rest of the application: store, RTK Query, notistack, the layout and the remotes.
// Loaded after sign-in (or at once on any other path); the toaster is mounted first, so
// that the workspace's pages can toast from their first effect.
const Workspace = lazy(() =>
  Promise.all([import(/* webpackChunkName: "workspace" */ './Workspace'), ensureToaster()]).then(([module]) => module),
);
const LandingPage = lazy(() => import(/* webpackChunkName: "page-landing" */ './features/landing/LandingPage'));

/** The pages a signed-out visitor can see without the workspace. */
const SIGNED_OUT_PATHS = new Set(['/', '/auth']);

/**
 * A signed-out visitor on '/' or '/auth' gets the landing or sign-in page from the
 * light entry (no store, RTK Query, React Router, react-hook-form, notistack, zod or
 * remote); everything else, and everyone signed in, gets the workspace (AppRoutes),
 * which then stays.
 */
export function EntryRoutes() {
  const { pathname, navigation } = useBrowserLocation();
  const [workspace, setWorkspace] = useState(() => !SIGNED_OUT_PATHS.has(pathname));
  const session = useSignedOutSession(!workspace);
  // Signed in on /auth: the page shows its toast and redirects by itself.
  const staysSignedOut = !session.user || (pathname === '/auth' && session.signedInHere);
  const wantsWorkspace = workspace || !SIGNED_OUT_PATHS.has(pathname) || (!session.loading && !staysSignedOut);
  if (wantsWorkspace && !workspace) setWorkspace(true);

  if (wantsWorkspace) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <Workspace initialUser={session.loading ? undefined : session.user} />
      </Suspense>
    );
  }
  if (session.loading) return <FullPageLoader />;
  return (
    <NavigationContext.Provider value={navigation}>
      {pathname === '/auth' ? (
        <SignedOutAuthRoute onSignedIn={session.signedIn} />
      ) : (
        <Suspense fallback={<FullPageLoader />}>
          <LandingPage />
        </Suspense>
      )}
    </NavigationContext.Provider>
  );
}
