import { errorMessage, serverMessage, toast, useLogout } from '@xaalis/web-kit';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Sign out from the settings page: POST /api/logout, then the landing page '/'
 * (reached before the cached user is cleared, so the shell shows the landing page
 * rather than the sign-in redirect).
 */
export function useSignOut() {
  const [logout, { isLoading }] = useLogout();
  const navigate = useNavigate();
  const signOut = useCallback(async () => {
    try {
      await logout(() => void navigate('/', { replace: true }));
      toast({ title: 'Déconnexion', description: 'Vous avez été déconnecté avec succès' });
    } catch (error) {
      toast({ title: 'Erreur lors de la déconnexion', description: serverMessage(error) ?? errorMessage(error), variant: 'destructive' });
    }
  }, [logout, navigate]);
  return [signOut, { isLoading }] as const;
}
