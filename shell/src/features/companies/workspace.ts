import { MESSAGES_MEMBERS, normalizeSector, SECTOR_LABELS, type Sector } from '@xaalis/contracts';
import { isApiError, membershipsApi, serverMessage, toast, useAppDispatch, useSwitchCompanyMutation } from '@xaalis/web-kit';
import { useCallback, useState } from 'react';
import { useResetWorkspace } from './workspaceReset';

/** A company whose name could not be read (accounting down). */
export const UNKNOWN_COMPANY_NAME = 'Entreprise sans nom';

export const companyName = (name: string | null | undefined): string => name?.trim() || UNKNOWN_COMPANY_NAME;

/** The sector's French label ('' when unknown). */
export function sectorLabel(sector: string | null | undefined): string {
  if (!sector) return '';
  const value = normalizeSector(sector) as string;
  return Object.hasOwn(SECTOR_LABELS, value) ? SECTOR_LABELS[value as Sector] : value;
}

/**
 * POST /api/session/company, then the workspace reset on the answered user. Resolves true when
 * switched; a failure shows "Impossible de changer d'entreprise" (with the server's reason) and
 * refreshes the companies (one may have been left).
 */
export function useSwitchWorkspace(): [(companyId: string) => Promise<boolean>, { switching: string | null }] {
  const [switchCompany] = useSwitchCompanyMutation();
  const resetWorkspace = useResetWorkspace();
  const dispatch = useAppDispatch();
  const [switching, setSwitching] = useState<string | null>(null);
  const switchTo = useCallback(
    async (companyId: string) => {
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
  return [switchTo, { switching }];
}
