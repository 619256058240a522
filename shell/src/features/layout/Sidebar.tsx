import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { NAV_GROUP_LABELS, NAV_GROUP_ORDER, ROLE_LABELS, type AppRoute, type NavGroup, type User } from '@xaalis/contracts';
import { NavLink } from 'react-router-dom';
import { CloseIcon, ExpandIcon, LogoutIcon } from '../../shared/icons';

export type OpenGroups = Record<NavGroup, boolean>;

/** comptabilite, rh, sectoriels and administration all start open (spec §2). */
export const INITIAL_OPEN_GROUPS: OpenGroups = { comptabilite: true, rh: true, sectoriels: true, administration: true };

/** "firstName lastName", else the username. */
export function displayName(user: Pick<User, 'username' | 'firstName' | 'lastName'> | null): string {
  if (!user) return '';
  const full = [user.firstName, user.lastName]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  return full || user.username;
}

export const APP_VERSION = '1.0.0';

export interface SidebarProps {
  /** The routes to show (already filtered for the company's sector). */
  routes: AppRoute[];
  user: (Pick<User, 'username' | 'firstName' | 'lastName'> & Partial<Pick<User, 'role'>>) | null;
  /** The user belongs to several companies: the multi-company pages (Portefeuille) show. */
  multiCompany?: boolean;
  openGroups: OpenGroups;
  onToggleGroup: (group: NavGroup) => void;
  onLogout: () => void;
  /** A link was followed (the mobile drawer closes). */
  onNavigate?: () => void;
  /** Shown in the mobile drawer: the close action. */
  onClose?: () => void;
  loggingOut?: boolean;
}

/** The navigation drawn from APP_ROUTES: collapsible groups, user block, logout. */
export function Sidebar({
  routes,
  user,
  multiCompany = false,
  openGroups,
  onToggleGroup,
  onLogout,
  onNavigate,
  onClose,
  loggingOut,
}: SidebarProps) {
  const visible = multiCompany ? routes : routes.filter((r) => !r.multiCompany);
  const groups = NAV_GROUP_ORDER.map((group) => ({ group, items: visible.filter((r) => r.group === group) })).filter(
    (g) => g.items.length > 0,
  );
  const name = displayName(user);
  return (
    <Box data-testid="sidebar" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5, minHeight: 64 }}>
        <Box>
          <Typography variant="h6" component="div" sx={{ fontWeight: 800, color: 'primary.main', lineHeight: 1.1 }}>
            Xaalis
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Comptabilité SYSCOHADA
          </Typography>
        </Box>
        {onClose ? (
          <IconButton aria-label="Fermer le menu" onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        ) : null}
      </Box>
      <Divider />
      <Box component="nav" aria-label="Navigation principale" sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        {groups.map(({ group, items }) => {
          const open = openGroups[group];
          const listId = `nav-group-${group}`;
          return (
            <Box key={group} component="section" aria-label={NAV_GROUP_LABELS[group]}>
              <ListItemButton onClick={() => onToggleGroup(group)} aria-expanded={open} aria-controls={listId} sx={{ py: 0.5 }}>
                <ListItemText
                  primary={NAV_GROUP_LABELS[group]}
                  slotProps={{
                    primary: { variant: 'overline', color: 'text.secondary', sx: { fontWeight: 700, lineHeight: 2 } },
                  }}
                />
                <ExpandIcon open={open} fontSize="small" color="action" />
              </ListItemButton>
              <Collapse in={open} timeout="auto" unmountOnExit>
                <List id={listId} dense disablePadding>
                  {/* A list holds list items only (axe 'list'): each link in its li. */}
                  {items.map((route) => (
                    <ListItem key={route.path} disablePadding>
                      <ListItemButton
                        component={NavLink}
                        to={route.path}
                        end={route.path === '/'}
                        onClick={onNavigate}
                        sx={{
                          pl: 3,
                          borderRadius: 1,
                          mx: 1,
                          '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText' },
                          '&.active:hover': { bgcolor: 'primary.dark' },
                        }}
                      >
                        <ListItemText primary={route.label} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              </Collapse>
            </Box>
          );
        })}
      </Box>
      <Divider />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}>
        <Avatar sx={{ bgcolor: 'primary.main', width: 36, height: 36 }}>{name.slice(0, 1).toUpperCase()}</Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} data-testid="sidebar-user-name">
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="sidebar-user-role">
            {user?.role ? ROLE_LABELS[user.role] : 'Comptable'}
          </Typography>
        </Box>
      </Box>
      <List dense disablePadding sx={{ pb: 1 }}>
        <ListItem disablePadding>
          <ListItemButton onClick={onLogout} disabled={loggingOut} sx={{ mx: 1, borderRadius: 1 }}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Déconnexion" />
          </ListItemButton>
        </ListItem>
      </List>
      {/* text.secondary, not text.disabled: readable (AA contrast), it is not a disabled control. */}
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1 }}>
        Version {APP_VERSION}
      </Typography>
    </Box>
  );
}
