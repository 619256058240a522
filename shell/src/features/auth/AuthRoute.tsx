import { useAuth } from '@xaalis/web-kit';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { FullPageLoader } from '../session/FullPageLoader';

const AuthPage = lazy(() => import(/* webpackChunkName: "page-auth" */ './AuthPage'));

/**
 * /auth. A signed-in user who opens it goes to '/'. A user who has just signed in
 * here stays until the page's own redirect (1000 ms after login, 1500 ms after
 * registration to the company settings).
 */
export function AuthRoute() {
  const { user, isLoading } = useAuth();
  const [signingInHere, setSigningInHere] = useState(false);
  const onAuthStart = useCallback(() => setSigningInHere(true), []);
  const onAuthEnd = useCallback(() => setSigningInHere(false), []);
  if (isLoading) return <FullPageLoader />;
  if (user && !signingInHere) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AuthPage onAuthStart={onAuthStart} onAuthEnd={onAuthEnd} />
    </Suspense>
  );
}
