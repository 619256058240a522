import type { User } from '@xaalis/contracts/sign-in';
import { lazy, Suspense, useMemo } from 'react';
import { FullPageLoader } from '../session/FullPageLoader';
import { requestSignInActions, SignInActionsContext } from './signInActions';

const AuthPage = lazy(() => import(/* webpackChunkName: "page-auth" */ './AuthPage'));
const nothing = () => undefined;

/** /auth for a signed-out visitor, from the light entry: the user goes to `onSignedIn`. */
export function SignedOutAuthRoute({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const actions = useMemo(() => requestSignInActions(onSignedIn), [onSignedIn]);
  return (
    <SignInActionsContext.Provider value={actions}>
      <Suspense fallback={<FullPageLoader />}>
        <AuthPage onAuthStart={nothing} onAuthEnd={nothing} />
      </Suspense>
    </SignInActionsContext.Provider>
  );
}
