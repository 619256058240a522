import type { User } from '@xaalis/contracts/sign-in';
import { sendRequest } from '@xaalis/web-kit/src/http';
import { useCallback, useEffect, useState } from 'react';

/** What GET /api/user said: the user, null (401: signed out), or undefined (no answer). */
export type KnownUser = User | null | undefined;

let probe: Promise<KnownUser> | null = null;

/** GET /api/user once, without the store (the signed-out pages do not load RTK Query). */
function probeUser(): Promise<KnownUser> {
  probe ??= sendRequest('/api/user').then((result) => {
    if (!result.error) return (result.data ?? null) as User | null;
    // Signed out; any other failure leaves it to the workspace's own GET /api/user.
    return result.error.status === 401 ? null : undefined;
  });
  return probe;
}

export interface SignedOutSession {
  loading: boolean;
  /** undefined when unknown (still loading, or GET /api/user failed: shown as signed out). */
  user: KnownUser;
  /** True once the user has signed in on this page (the page redirects by itself). */
  signedInHere: boolean;
  signedIn: (user: User) => void;
}

/** The session as the signed-out pages see it; `enabled` false: nothing is fetched. */
export function useSignedOutSession(enabled: boolean): SignedOutSession {
  const [state, setState] = useState<{ loading: boolean; user: KnownUser; signedInHere: boolean }>({
    loading: true,
    user: undefined,
    signedInHere: false,
  });
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    void probeUser().then((user) => {
      if (live) setState((s) => (s.signedInHere ? s : { loading: false, user, signedInHere: false }));
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  const signedIn = useCallback((user: User) => setState({ loading: false, user, signedInHere: true }), []);
  return { ...state, signedIn };
}
