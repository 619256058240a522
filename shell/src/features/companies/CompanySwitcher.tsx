import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { MESSAGES_MEMBERS, ROLE_LABELS, type Membership } from '@xaalis/contracts';
import { AddIcon, CheckIcon, useAuth, useGetMembershipsQuery, useSwitchWorkspace, visuallyHidden } from '@xaalis/web-kit';
import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import { ExpandIcon } from '../../shared/icons';
import { CREATE_COMPANY_LABEL, SWITCHING_LABEL } from './labels';
import { companyName, sectorLabel } from './workspace';

// The form (react-hook-form, zod) loads when first opened.
const CreateCompanyDialog = lazy(() => import(/* webpackChunkName: "create-company" */ './CreateCompanyDialog'));

/** "Services · Propriétaire": the company's sector and the user's role in it. */
function membershipDetails(membership: Membership): string {
  return [sectorLabel(membership.sector), ROLE_LABELS[membership.role]].filter(Boolean).join(' · ');
}

/**
 * The top bar's company switcher: the current company's name; its menu lists the user's
 * companies (sector, role, the current one checked) and 'Créer une entreprise'. Choosing another
 * company moves the session to it and starts the workspace over there.
 */
export function CompanySwitcher() {
  const { user } = useAuth();
  const memberships = useGetMembershipsQuery();
  const [switchTo, { switching }] = useSwitchWorkspace();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [creating, setCreating] = useState(false);
  const baseId = useId();
  const buttonId = `${baseId}-button`;
  const menuId = `${baseId}-menu`;

  const list = memberships.data ?? [];
  const currentId = user?.companyId ?? list.find((m) => m.current)?.companyId ?? null;
  const current = list.find((m) => m.companyId === currentId);
  const name = currentId ? companyName(user?.companyName ?? current?.companyName) : MESSAGES_MEMBERS.noCompany;
  const open = anchor !== null;

  const close = () => setAnchor(null);
  const choose = (membership: Membership) => {
    close();
    if (membership.companyId !== currentId) void switchTo?.(membership.companyId);
  };

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-label={`Entreprise actuelle : ${name}`}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        aria-busy={switching !== null}
        disabled={switching !== null}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        startIcon={switching !== null ? <CircularProgress size={16} color="inherit" /> : undefined}
        endIcon={<ExpandIcon open={open} fontSize="small" />}
        sx={{ textTransform: 'none', fontWeight: 600, minWidth: 0, maxWidth: { xs: 180, sm: 320 } }}
        data-testid="company-switcher"
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </Box>
      </Button>
      <Box component="span" role="status" sx={visuallyHidden}>
        {switching !== null ? SWITCHING_LABEL : ''}
      </Box>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': 'Vos entreprises', dense: true } }}
      >
        {memberships.isLoading ? (
          <MenuItem disabled>
            <ListItemText primary="Chargement..." />
          </MenuItem>
        ) : null}
        {memberships.isError && !memberships.data
          ? [
              <MenuItem key="error" disabled>
                <ListItemText primary="Liste des entreprises indisponible" />
              </MenuItem>,
              <MenuItem key="retry" onClick={() => void memberships.refetch()}>
                <ListItemText primary="Réessayer" />
              </MenuItem>,
            ]
          : null}
        {list.map((membership) => {
          const isCurrent = membership.companyId === currentId;
          return (
            <MenuItem
              key={membership.companyId}
              role="menuitemradio"
              aria-checked={isCurrent}
              selected={isCurrent}
              onClick={() => choose(membership)}
              sx={{ minWidth: 260 }}
            >
              <ListItemIcon>{isCurrent ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText primary={companyName(membership.companyName)} secondary={membershipDetails(membership)} />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setCreating(true);
          }}
        >
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={CREATE_COMPANY_LABEL} />
        </MenuItem>
      </Menu>
      {creating ? (
        <Suspense fallback={null}>
          <CreateCompanyDialog onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
