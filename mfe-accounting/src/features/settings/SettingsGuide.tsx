import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetCompanyQuery, useSelectTab, useSession } from '@xaalis/web-kit';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useListAccountsQuery } from '../accounts';
import { useListThirdPartiesQuery } from '../third-parties';
import { OnboardingBanner } from './OnboardingBanner';
import { onboardingSteps, readOnboarding, writeOnboarding } from './onboarding';

/** The onboarding guide: shown after a welcome until every step is done or it is dismissed (remembered per company). */
function useOnboarding(companyId: string | null, welcomed: boolean) {
  // The company dismissed during this visit (re-renders; the choice itself is stored).
  const [dismissedFor, setDismissedFor] = useState<string | null | undefined>(undefined);
  const stored = readOnboarding(companyId);
  // A welcome turns the guide on, unless it was dismissed: remembered for later visits.
  useEffect(() => {
    if (welcomed && readOnboarding(companyId) !== 'dismissed') writeOnboarding(companyId, 'active');
  }, [welcomed, companyId]);
  const dismiss = useCallback(() => {
    writeOnboarding(companyId, 'dismissed');
    setDismissedFor(companyId);
  }, [companyId]);
  const active = dismissedFor !== companyId && (stored === 'active' || (welcomed && stored !== 'dismissed'));
  return { active, dismiss };
}

/**
 * Above the Paramètres tabs (exposed as './SettingsGuide'): the onboarding guide, its
 * steps read from the company, its chart of accounts and its third parties. `welcomed`:
 * the shell opened Paramètres with welcome=true.
 */
export default function SettingsGuide({ welcomed = false }: { welcomed?: boolean }) {
  const { companyId } = useSession();
  const onboarding = useOnboarding(companyId, welcomed);
  const want = onboarding.active && Boolean(companyId);
  const companyQuery = useGetCompanyQuery(want && companyId ? companyId : skipToken);
  // One record is enough to know whether there are any: the counters count the whole company.
  const accountsQuery = useListAccountsQuery(want && companyId ? { companyId, pageSize: 1 } : skipToken);
  const thirdPartiesQuery = useListThirdPartiesQuery(want && companyId ? { companyId, pageSize: 1 } : skipToken);
  const steps = useMemo(
    () => onboardingSteps(companyQuery.data ?? null, accountsQuery.data?.counters.total, thirdPartiesQuery.data?.counters.total),
    [companyQuery.data, accountsQuery.data, thirdPartiesQuery.data],
  );
  // A step's id is the value of its Paramètres tab (?tab=).
  const openStep = useSelectTab();
  const ready = Boolean(companyQuery.data && accountsQuery.data && thirdPartiesQuery.data);
  if (!want || !ready || steps.every((s) => s.done)) return null;
  return <OnboardingBanner steps={steps} onDismiss={onboarding.dismiss} onOpenStep={openStep} />;
}
