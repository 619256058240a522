import { useEffect, useMemo, useState } from 'react';
import type { Navigation } from './navigation';

/**
 * The current path and a {@link Navigation} on the History API, for the light entry
 * (React Router comes with the workspace, whose BrowserRouter then reads the same history).
 */
export function useBrowserLocation(): { pathname: string; navigation: Navigation } {
  const [pathname, setPathname] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPopState = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigation = useMemo<Navigation>(
    () => ({
      navigate(to, options) {
        if (options?.replace) window.history.replaceState(null, '', to);
        else window.history.pushState(null, '', to);
        setPathname(window.location.pathname);
      },
    }),
    [],
  );
  return { pathname, navigation };
}
