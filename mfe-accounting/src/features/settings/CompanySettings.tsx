import { skipToken } from '@reduxjs/toolkit/query/react';
import { ErrorState, LoadingState, useGetCompanyQuery, useSession } from '@xaalis/web-kit';
import { CompanyTab } from './CompanyTab';

/** Paramètres → 'Entreprise' (exposed as './CompanySettings'): the session's company, its form once read. */
export default function CompanySettings() {
  const { companyId, isLoading } = useSession();
  const companyQuery = useGetCompanyQuery(companyId ?? skipToken);
  if (isLoading || (companyId && companyQuery.isLoading)) return <LoadingState rows={5} height={48} />;
  if (companyId && companyQuery.error && !companyQuery.data)
    return (
      <ErrorState
        error={companyQuery.error}
        onRetry={() => void companyQuery.refetch()}
        title="Impossible de charger les informations de l'entreprise"
      />
    );
  return <CompanyTab company={companyQuery.data ?? null} companyId={companyId} />;
}
