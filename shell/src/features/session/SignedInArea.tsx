import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { notifySignInRequired, useAuth } from '@xaalis/web-kit';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { RouterNavigation } from '../navigation/RouterNavigation';
import { FullPageLoader } from './FullPageLoader';
import { sessionFlags } from '../../shared/sessionFlags';

// Split by audience: a signed-out visitor never downloads the layout, and a
// signed-in user never downloads the landing page.
const LandingPage = lazy(() => import(/* webpackChunkName: "page-landing" */ '../landing/LandingPage'));
const AppLayout = lazy(() => import(/* webpackChunkName: "app-layout" */ '../layout/AppLayout'));

/** A signed-out visitor on an app route: toast, then /api/login after 500 ms. */
export function SignInRequired() {
  useEffect(() => {
    notifySignInRequired();
  }, []);
  return (
    <Box sx={{ p: 4 }}>
      <Typography color="text.secondary">Redirection vers la connexion...</Typography>
    </Box>
  );
}

/**
 * The routes of APP_ROUTES. Signed in: the layout (sidebar, top bar) around the page.
 * Signed out: '/' is the landing page, any other app route asks to sign in.
 */
export function SignedInArea() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  const onLanding = !isLoading && !user && pathname === '/';
  // Signed out and back on '/': the sign-out is over.
  useEffect(() => {
    if (onLanding) sessionFlags.signingOut = false;
  }, [onLanding]);
  if (isLoading) return <FullPageLoader />;
  if (!user) {
    if (pathname === '/') {
      return (
        <RouterNavigation>
          <Suspense fallback={<FullPageLoader />}>
            <LandingPage />
          </Suspense>
        </RouterNavigation>
      );
    }
    if (sessionFlags.signingOut) return <Navigate to="/" replace />;
    return <SignInRequired />;
  }
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </Suspense>
  );
}
