import { LoadingState, useSession } from '@xaalis/web-kit';
import type { ComponentType } from 'react';

/**
 * A Paramètres tab as the shell loads it (an exposed module, no props): the tab of the
 * session's company (the shell renders a tab once the user is known; alone, it waits for it).
 */
export function withSessionCompany(Tab: ComponentType<{ companyId: string | null }>): ComponentType {
  return function SessionCompanyTab() {
    const { companyId, isLoading } = useSession();
    return isLoading ? <LoadingState rows={4} /> : <Tab companyId={companyId} />;
  };
}
