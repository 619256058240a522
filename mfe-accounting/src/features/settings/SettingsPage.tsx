import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { APP_ROUTES } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  PageHeader,
  useCan,
  useGetCompanyQuery,
  useSession,
  AccountErrorState,
  ErrorState,
  LoadingState,
  LogoutIcon,
} from '@xaalis/web-kit';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AccountsTab, useListAccountsQuery } from '../accounts';
import { ThirdPartiesTab, useListThirdPartiesQuery } from '../third-parties';
import { CompanyTab } from './CompanyTab';
import { OnboardingBanner } from './OnboardingBanner';
import { ModulesTab } from './ModulesTab';
import { FiscalYearsTab } from './fiscal-years';
import { MembersTab } from './members';
import { PayrollTab } from './PayrollTab';
import { onboardingSteps, readOnboarding, writeOnboarding, type OnboardingStepId } from './onboarding';
import { ProfileTab } from './ProfileTab';
import { useSignOut } from './useSignOut';

const ROUTE = APP_ROUTES.find((r) => r.path === '/parametres');

export const SETTINGS_TABS = [
  { value: 'company', label: 'Entreprise' },
  { value: 'accounts', label: 'Plan Comptable' },
  { value: 'third-parties', label: 'Tiers' },
  { value: 'payroll', label: 'Paie' },
  { value: 'fiscal-years', label: 'Exercices' },
  { value: 'modules', label: 'Modules' },
  { value: 'members', label: 'Membres' },
  { value: 'profile', label: 'Profil' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['value'];

/** The welcome notice after registration (specification §9: 6000 ms). */
export const WELCOME_DURATION_MS = 6000;
export const WELCOME_TITLE = 'Bienvenue sur Xaalis !';
export const WELCOME_DESCRIPTION =
  'Votre compte est prêt. Complétez les informations de votre entreprise, puis générez votre plan comptable.';

/** Tabs shown only to a role with this capability ('Membres': owners). */
const TAB_CAPABILITY: Partial<Record<SettingsTab, 'members'>> = { members: 'members' };

function isTab(value: string | null): value is SettingsTab {
  return SETTINGS_TABS.some((t) => t.value === value);
}

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
 * Route /parametres (exposed as './Settings'): tabs Entreprise, Plan Comptable, Tiers, Paie,
 * Exercices, Modules, Membres (owners only), Profil (?tab=).
 */
export default function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const canManageMembers = useCan('members');
  const tabs = SETTINGS_TABS.filter((t) => !TAB_CAPABILITY[t.value] || canManageMembers);
  const requested = searchParams.get('tab');
  const tab: SettingsTab = isTab(requested) && tabs.some((t) => t.value === requested) ? requested : 'company';
  const welcome = searchParams.get('welcome') === 'true';
  const { user, companyId, isLoading: userLoading, error: userError } = useSession();
  const companyQuery = useGetCompanyQuery(companyId ?? skipToken);
  const [signOut, { isLoading: loggingOut }] = useSignOut();

  // welcome=true: the notice once (inline, so that it covers no control), then the
  // parameter leaves the address (the tab stays).
  const [welcomed, setWelcomed] = useState(false);
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  const welcomeShown = useRef(false);
  useEffect(() => {
    if (!welcome) return;
    if (!welcomeShown.current) {
      welcomeShown.current = true;
      setWelcomed(true);
      setWelcomeOpen(true);
    }
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('welcome');
        return next;
      },
      { replace: true },
    );
  }, [welcome, setSearchParams]);
  useEffect(() => {
    if (!welcomeOpen) return undefined;
    const timer = setTimeout(() => setWelcomeOpen(false), WELCOME_DURATION_MS);
    return () => clearTimeout(timer);
  }, [welcomeOpen]);

  const onboarding = useOnboarding(companyId, welcomed);
  const wantGuide = onboarding.active && Boolean(companyId);
  const accountsQuery = useListAccountsQuery(wantGuide && companyId ? companyId : skipToken);
  const thirdPartiesQuery = useListThirdPartiesQuery(wantGuide && companyId ? companyId : skipToken);
  const company = companyQuery.data ?? null;
  const steps = useMemo(
    () => onboardingSteps(company, accountsQuery.data, thirdPartiesQuery.data),
    [company, accountsQuery.data, thirdPartiesQuery.data],
  );
  const guideReady = Boolean(companyQuery.data && accountsQuery.data && thirdPartiesQuery.data);
  const showGuide = wantGuide && guideReady && steps.some((s) => !s.done);

  const selectTab = useCallback(
    (value: SettingsTab) => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.set('tab', value);
          next.delete('welcome');
          return next;
        },
        { replace: false },
      );
    },
    [setSearchParams],
  );
  const openStep = useCallback(
    (id: OnboardingStepId) => selectTab(id === 'company' ? 'company' : id === 'accounts' ? 'accounts' : 'third-parties'),
    [selectTab],
  );

  let panel;
  if (userLoading) panel = <LoadingState rows={4} />;
  else if (!user) panel = <AccountErrorState error={userError} />;
  else if (tab === 'company') {
    if (companyId && companyQuery.isLoading) panel = <LoadingState rows={5} height={48} />;
    else if (companyId && companyQuery.error && !companyQuery.data)
      panel = (
        <ErrorState
          error={companyQuery.error}
          onRetry={() => void companyQuery.refetch()}
          title="Impossible de charger les informations de l'entreprise"
        />
      );
    else panel = <CompanyTab company={company} companyId={companyId} />;
  } else if (tab === 'accounts') panel = <AccountsTab companyId={companyId} />;
  else if (tab === 'third-parties') panel = <ThirdPartiesTab companyId={companyId} />;
  else if (tab === 'payroll') panel = <PayrollTab companyId={companyId} />;
  else if (tab === 'modules') panel = <ModulesTab companyId={companyId} />;
  else if (tab === 'fiscal-years') panel = <FiscalYearsTab companyId={companyId} />;
  else if (tab === 'members') panel = <MembersTab companyId={companyId} />;
  else panel = <ProfileTab user={user} onLogout={() => void signOut()} loggingOut={loggingOut} />;

  return (
    <Box component="section" aria-label={ROUTE?.title ?? 'Paramètres'}>
      <PageHeader
        title={ROUTE?.title ?? 'Paramètres'}
        subtitle={ROUTE?.subtitle}
        actions={
          <Button variant="outlined" color="inherit" startIcon={<LogoutIcon />} onClick={() => void signOut()} disabled={loggingOut}>
            Se déconnecter
          </Button>
        }
      />
      <Collapse in={welcomeOpen} unmountOnExit>
        <Alert severity="success" role="status" onClose={() => setWelcomeOpen(false)} sx={{ mb: 2 }} data-testid="welcome-notice">
          <AlertTitle>{WELCOME_TITLE}</AlertTitle>
          {WELCOME_DESCRIPTION}
        </Alert>
      </Collapse>
      {showGuide ? <OnboardingBanner steps={steps} onDismiss={onboarding.dismiss} onOpenStep={openStep} /> : null}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: SettingsTab) => selectTab(value)}
          aria-label="Sections des paramètres"
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {tabs.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} id={`settings-tab-${t.value}`} aria-controls={`settings-panel-${t.value}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        {panel}
      </Box>
    </Box>
  );
}
