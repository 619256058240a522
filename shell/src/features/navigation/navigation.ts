import { createContext, useContext, type MouseEvent } from 'react';

/**
 * Navigation for the pages both the light entry and the workspace show (landing,
 * /auth): the light entry does not load React Router (EntryRoutes), the workspace does
 * (RouterNavigation).
 */
export interface Navigation {
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

export const NavigationContext = createContext<Navigation | null>(null);

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('NavigationContext manquant');
  return navigation;
}

/** onClick of an <a href={to}>: a plain left click navigates in the app (as a router Link does). */
export function useLinkClick(to: string): (event: MouseEvent<HTMLAnchorElement>) => void {
  const { navigate } = useNavigation();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
}
