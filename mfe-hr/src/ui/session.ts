// Copied from mfe-accounting/src/ui (a later refactor moves the shared UI pieces to @xaalis/web-kit).
import { useAuth } from '@xaalis/web-kit';

/** The signed-in user and their company id (the shell has loaded the user before any page shows). */
export function useSession() {
  const { user, isLoading, error } = useAuth();
  return { user, companyId: user?.companyId ?? null, isLoading, error };
}
