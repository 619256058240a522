import { MESSAGES_MEMBERS, type User } from '@xaalis/contracts';
import { createContext, useCallback, useContext, useState } from 'react';
import { useAppDispatch } from './dispatch';
import { isApiError, serverMessage } from './http';
import { membershipsApi, useSwitchCompanyMutation } from './memberships';
import { toast } from './toast';

/** Starts the workspace over on `user`'s (new) company; resolves once it runs there. */
export type ResetWorkspace = (user: User | null) => Promise<void>;

/**
 * Provided by the shell's layout (which owns the router and the page): the shell's switcher and
 * any remote page (the portfolio) switch company through it. Absent outside the workspace.
 */
export const WorkspaceResetContext = createContext<ResetWorkspace | null>(null);

/** The shell's reset, or null outside the workspace (a remote rendered alone, in a test). */
export const useResetWorkspace = (): ResetWorkspace | null => useContext(WorkspaceResetContext);

/**
 * POST /api/session/company, then the workspace reset on the answered user. Resolves true when
 * switched; a failure shows "Impossible de changer d'entreprise" (with the server's reason) and
 * refreshes the companies (one may have been left). `switchTo` is null outside the workspace.
 */
export function useSwitchWorkspace(): [((companyId: string) => Promise<boolean>) | null, { switching: string | null }] {
  const [switchCompany] = useSwitchCompanyMutation();
  const resetWorkspace = useResetWorkspace();
  const dispatch = useAppDispatch();
  const [switching, setSwitching] = useState<string | null>(null);
  const switchTo = useCallback(
    async (companyId: string) => {
      if (!resetWorkspace) return false;
      setSwitching(companyId);
      try {
        const user = await switchCompany(companyId).unwrap();
        await resetWorkspace(user);
        setSwitching(null);
        return true;
      } catch (error) {
        setSwitching(null);
        // A 401 is already reported by the base query (session expired).
        if (!(isApiError(error) && error.status === 401)) {
          toast({ title: MESSAGES_MEMBERS.switchError, description: serverMessage(error), variant: 'destructive' });
        }
        dispatch(membershipsApi.util.invalidateTags(['Memberships']));
        return false;
      }
    },
    [switchCompany, resetWorkspace, dispatch],
  );
  return [resetWorkspace ? switchTo : null, { switching }];
}
