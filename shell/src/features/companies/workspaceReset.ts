import type { User } from '@xaalis/contracts';
import { authApi, baseApi, useAppDispatch, type ResetWorkspace } from '@xaalis/web-kit';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * The layout's side of a reset. The page is taken down first (`resetting`: no page runs for the
 * old company on the new session), the router moves to '/' (a transition), and once it is there
 * the cache is dropped and the user replaced in one synchronous block: the dashboard then mounts
 * for the new company only.
 */
export function useWorkspaceReset(): { reset: ResetWorkspace; resetting: boolean } {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { key, pathname } = useLocation();
  const [resetting, setResetting] = useState(false);
  const waitingForHome = useRef<(() => void)[]>([]);

  // A navigation to '/' is committed: the resets waiting for it go on.
  useLayoutEffect(() => {
    if (pathname !== '/') return;
    const waiting = waitingForHome.current;
    waitingForHome.current = [];
    for (const resume of waiting) resume();
  }, [key, pathname]);

  const reset = useCallback(
    async (user: User | null) => {
      setResetting(true);
      const home = new Promise<void>((resolve) => waitingForHome.current.push(resolve));
      void navigate('/');
      await home;
      dispatch(baseApi.util.resetApiState());
      dispatch(authApi.util.upsertQueryEntries([{ endpointName: 'getUser', arg: undefined, value: user }]));
      setResetting(false);
    },
    [dispatch, navigate],
  );

  return { reset, resetting };
}
