import { useAuth } from '../auth';

/** The signed-in user and their company id (the shell has loaded the user before any page shows). */
export function useSession() {
  const { user, isLoading, error } = useAuth();
  return { user, companyId: user?.companyId ?? null, isLoading, error };
}
