import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { APP_ROUTES, routesForModules, type NavGroup } from '@xaalis/contracts';
import {
  errorMessage,
  LoadingState,
  serverMessage,
  toast,
  useAuth,
  useEnabledModules,
  useGetMembershipsQuery,
  useLogout,
  WorkspaceResetContext,
} from '@xaalis/web-kit';
import { Fragment, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CompanySwitcher } from '../companies/CompanySwitcher';
import { SWITCHING_LABEL } from '../companies/labels';
import { PendingInvitations } from '../companies/PendingInvitations';
import { useWorkspaceReset } from '../companies/workspaceReset';
import { sessionFlags } from '../../shared/sessionFlags';
import { MenuIcon } from '../../shared/icons';
import { INITIAL_OPEN_GROUPS, Sidebar, type OpenGroups } from './Sidebar';

export const DRAWER_WIDTH = 264;

/** The signed-in frame: sidebar (permanent from md up, a closable drawer below) and top bar. */
export default function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  // The company's enabled sector modules (its sector's while the sector service is down).
  const { modules } = useEnabledModules();
  const routes = useMemo(() => routesForModules(modules ?? []), [modules]);
  // The portfolio is for users of several companies.
  const { data: memberships } = useGetMembershipsQuery();
  const multiCompany = (memberships?.length ?? 0) >= 2;
  const [openGroups, setOpenGroups] = useState<OpenGroups>(INITIAL_OPEN_GROUPS);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [logout, { isLoading: loggingOut }] = useLogout();
  const { reset, resetting } = useWorkspaceReset();

  const current = APP_ROUTES.find((r) => r.path === pathname);
  useEffect(() => {
    document.title = current ? `${current.title} — Xaalis` : 'Xaalis';
  }, [current]);

  const toggleGroup = useCallback((group: NavGroup) => setOpenGroups((g) => ({ ...g, [group]: !g[group] })), []);

  const handleLogout = useCallback(async () => {
    setMobileOpen(false);
    sessionFlags.signingOut = true;
    try {
      await logout(() => void navigate('/', { replace: true }));
      toast({ title: 'Déconnexion', description: 'Vous avez été déconnecté avec succès' });
    } catch (error) {
      sessionFlags.signingOut = false;
      toast({
        title: 'Erreur lors de la déconnexion',
        description: serverMessage(error) ?? errorMessage(error),
        variant: 'destructive',
      });
    }
  }, [logout, navigate]);

  const sidebarProps = {
    routes,
    user,
    multiCompany,
    openGroups,
    onToggleGroup: toggleGroup,
    onLogout: handleLogout,
    loggingOut,
  };

  return (
    <WorkspaceResetContext.Provider value={reset}>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <AppBar
          position="fixed"
          color="inherit"
          elevation={0}
          sx={{ width: { md: `calc(100% - ${DRAWER_WIDTH}px)` }, ml: { md: `${DRAWER_WIDTH}px` }, borderBottom: 1, borderColor: 'divider' }}
        >
          <Toolbar>
            <IconButton
              aria-label="Ouvrir le menu"
              edge="start"
              onClick={() => setMobileOpen(true)}
              sx={{ mr: 1, display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
            <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }}>
              {current?.label ?? 'Xaalis'}
            </Typography>
            <CompanySwitcher />
          </Toolbar>
        </AppBar>
        <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
          >
            <Sidebar {...sidebarProps} onNavigate={() => setMobileOpen(false)} onClose={() => setMobileOpen(false)} />
          </Drawer>
          <Drawer
            variant="permanent"
            open
            sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            <Sidebar {...sidebarProps} />
          </Drawer>
        </Box>
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
          <Toolbar />
          <PendingInvitations />
          {/* Another company (switch, creation): the page goes, its state and open dialogs with it. */}
          {resetting ? <LoadingState rows={4} label={SWITCHING_LABEL} /> : <Fragment key={user?.companyId ?? ''}>{children}</Fragment>}
        </Box>
      </Box>
    </WorkspaceResetContext.Provider>
  );
}
