import Box from '@mui/material/Box';
import { APP_ROUTES } from '@xaalis/contracts';
import { PageHeader, sessionPreamble, useSession } from '@xaalis/web-kit';
import type { ReactNode } from 'react';

/** A sector route's title and subtitle from APP_ROUTES (`fallback` if the route is missing). */
export function sectorRoute(path: string, fallback: string): { title: string; subtitle?: string } {
  const route = APP_ROUTES.find((r) => r.path === path);
  return { title: route?.title ?? fallback, subtitle: route?.subtitle };
}

export interface CompanyPageProps {
  title: string;
  subtitle?: string;
  /** The page once the signed-in user's company is known. */
  children: (companyId: string) => ReactNode;
}

/** A sector page's gate: its header over the session's state (loading, account error, no company) until the company is known. */
export function CompanyPage({ title, subtitle, children }: CompanyPageProps) {
  const { companyId, isLoading, error, user } = useSession();
  const preamble = sessionPreamble({ user, userLoading: isLoading, userError: error, companyId, rows: 3 });
  if (preamble || !companyId)
    return (
      <Box component="section" aria-label={title}>
        <PageHeader title={title} subtitle={subtitle} />
        {preamble}
      </Box>
    );
  return <>{children(companyId)}</>;
}
