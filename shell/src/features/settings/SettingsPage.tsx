import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { APP_ROUTES, type PageTab, type User } from '@xaalis/contracts';
import { AccountErrorState, LoadingState, LogoutIcon, PageHeader, useCan, useSelectTab, useSession } from '@xaalis/web-kit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MembersTab } from '../members';
import { ProfileTab, useSignOut } from '../profile';
import { RemotePage } from '../remotes';

const ROUTE = APP_ROUTES.find((r) => r.path === '/parametres');
const TITLE = ROUTE?.title ?? 'Paramètres';
const TABS: PageTab[] = ROUTE?.tabs ?? [];
const BANNERS = ROUTE?.banners ?? [];

/** The welcome notice after registration (specification §9: 6000 ms). */
export const WELCOME_DURATION_MS = 6000;
export const WELCOME_TITLE = 'Bienvenue sur Xaalis !';
export const WELCOME_DESCRIPTION =
  'Votre compte est prêt. Complétez les informations de votre entreprise, puis générez votre plan comptable.';

interface ShellTabContext {
  user: User;
  companyId: string | null;
  signOut: () => void;
  loggingOut: boolean;
}

/** The tabs the shell renders itself (the gateway's identity and workspace data), by route-table module. */
export const SHELL_TABS: Record<string, (ctx: ShellTabContext) => ReactNode> = {
  './Members': ({ companyId }) => <MembersTab companyId={companyId} />,
  './Profile': ({ user, signOut, loggingOut }) => <ProfileTab user={user} onLogout={signOut} loggingOut={loggingOut} />,
};

/** ?welcome=true: the notice once (inline, so that it covers no control), then the parameter leaves the address (the tab stays). */
function useWelcome() {
  const [searchParams, setSearchParams] = useSearchParams();
  const welcome = searchParams.get('welcome') === 'true';
  const [welcomed, setWelcomed] = useState(false);
  const [open, setOpen] = useState(false);
  const shown = useRef(false);
  useEffect(() => {
    if (!welcome) return;
    if (!shown.current) {
      shown.current = true;
      setWelcomed(true);
      setOpen(true);
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
    if (!open) return undefined;
    const timer = setTimeout(() => setOpen(false), WELCOME_DURATION_MS);
    return () => clearTimeout(timer);
  }, [open]);
  return { welcomed, open, close: () => setOpen(false) };
}

/**
 * Route /parametres (rendered by the shell): the tabs of APP_ROUTES' settings route
 * (?tab=, the first by default), each rendered by its owner — a remote's exposed module
 * (Entreprise, Plan Comptable, Tiers, Exercices: accounting; Paie: HR; Modules: sector),
 * or the shell's own (Membres for owners, Profil). A remote that is down shows
 * 'Module indisponible' in its tab only.
 */
export default function SettingsPage() {
  const [searchParams] = useSearchParams();
  const canManageMembers = useCan('members');
  const tabs = TABS.filter((t) => !t.capability || canManageMembers);
  const requested = tabs.find((t) => t.value === searchParams.get('tab'));
  const tab: PageTab | undefined = requested ?? tabs[0];
  const { user, companyId, isLoading: userLoading, error: userError } = useSession();
  const [signOut, { isLoading: loggingOut }] = useSignOut();
  const welcome = useWelcome();

  const selectTab = useSelectTab();

  let panel: ReactNode;
  if (userLoading) panel = <LoadingState rows={4} />;
  else if (!user) panel = <AccountErrorState error={userError} />;
  else if (!tab) panel = null;
  else if (tab.remote === 'shell') panel = SHELL_TABS[tab.module]?.({ user, companyId, signOut: () => void signOut(), loggingOut });
  else panel = <RemotePage key={tab.value} remote={tab.remote} module={tab.module} />;

  return (
    <Box component="section" aria-label={TITLE}>
      <PageHeader
        title={TITLE}
        subtitle={ROUTE?.subtitle}
        actions={
          <Button variant="outlined" color="inherit" startIcon={<LogoutIcon />} onClick={() => void signOut()} disabled={loggingOut}>
            Se déconnecter
          </Button>
        }
      />
      <Collapse in={welcome.open} unmountOnExit>
        <Alert severity="success" role="status" onClose={welcome.close} sx={{ mb: 2 }} data-testid="welcome-notice">
          <AlertTitle>{WELCOME_TITLE}</AlertTitle>
          {WELCOME_DESCRIPTION}
        </Alert>
      </Collapse>
      {user
        ? BANNERS.map((b) =>
            b.remote === 'shell' ? null : (
              <RemotePage
                key={`${b.remote}:${b.module}`}
                remote={b.remote}
                module={b.module}
                props={{ welcomed: welcome.welcomed }}
                quiet
              />
            ),
          )
        : null}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab?.value ?? false}
          onChange={(_event, value: string) => selectTab(value)}
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
      <Box role="tabpanel" id={`settings-panel-${tab?.value}`} aria-labelledby={`settings-tab-${tab?.value}`}>
        {panel}
      </Box>
    </Box>
  );
}
