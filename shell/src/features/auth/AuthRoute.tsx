import { authApi, useAppDispatch, useAuth } from '@xaalis/web-kit';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { RouterNavigation } from '../navigation/RouterNavigation';
import { FullPageLoader } from '../session/FullPageLoader';
import { requestSignInActions, SignInActionsContext } from './signInActions';

const AuthPage = lazy(() => import(/* webpackChunkName: "page-auth" */ './AuthPage'));

/**
 * /auth in the workspace (after a sign-out, or in tests). A signed-in user who opens it
 * goes to '/'. A user who has just signed in here stays until the page's own redirect
 * (1000 ms after login, 1500 ms after registration to the company settings).
 */
export function AuthRoute() {
  const { user, isLoading } = useAuth();
  const dispatch = useAppDispatch();
  const [signingInHere, setSigningInHere] = useState(false);
  const onAuthStart = useCallback(() => setSigningInHere(true), []);
  const onAuthEnd = useCallback(() => setSigningInHere(false), []);
  // The signed-in user becomes the store's current user (GET /api/user cache).
  const actions = useMemo(
    () => requestSignInActions((signedIn) => void dispatch(authApi.util.upsertQueryData('getUser', undefined, signedIn))),
    [dispatch],
  );
  if (isLoading) return <FullPageLoader />;
  if (user && !signingInHere) return <Navigate to="/" replace />;
  return (
    <RouterNavigation>
      <SignInActionsContext.Provider value={actions}>
        <Suspense fallback={<FullPageLoader />}>
          <AuthPage onAuthStart={onAuthStart} onAuthEnd={onAuthEnd} />
        </Suspense>
      </SignInActionsContext.Provider>
    </RouterNavigation>
  );
}
