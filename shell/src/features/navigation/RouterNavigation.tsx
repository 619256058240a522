import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { NavigationContext, type Navigation } from './navigation';

/** {@link Navigation} through React Router (inside the workspace, and in tests). */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const value = useMemo<Navigation>(() => ({ navigate: (to, options) => void navigate(to, options) }), [navigate]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}
