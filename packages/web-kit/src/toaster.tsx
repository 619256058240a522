import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import { closeSnackbar, MaterialDesignContent, SnackbarProvider, type SnackbarKey } from 'notistack';
import { useEffect, useState, type ReactNode } from 'react';
import { PALETTE } from './theme';
import { TOAST_DURATION_MS, TOAST_MAX } from './toast';

/**
 * notistack's toasts in the theme's colours: its own green, orange and blue under white text are
 * below AA contrast (3.3, 2.2 and 3.1 to 1); the theme's reach 4.5.
 */
const AccessibleToast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: PALETTE.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: PALETTE.error.main },
  '&.notistack-MuiContent-warning': { backgroundColor: PALETTE.warning.main },
  '&.notistack-MuiContent-info': { backgroundColor: PALETTE.info.main },
});
const TOAST_COMPONENTS = {
  default: AccessibleToast,
  success: AccessibleToast,
  error: AccessibleToast,
  warning: AccessibleToast,
  info: AccessibleToast,
};

const REGION_ID = 'xaalis-notifications';

/** The live region the toasts are drawn in; F8 moves the focus to it (spec §9). */
function useNotificationRegion(): HTMLElement | undefined {
  const [region] = useState<HTMLElement | undefined>(() => {
    if (typeof document === 'undefined') return undefined;
    let el = document.getElementById(REGION_ID);
    if (!el) {
      el = document.createElement('div');
      el.id = REGION_ID;
      document.body.appendChild(el);
    }
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', 'Notifications (F8)');
    el.tabIndex = -1;
    return el;
  });
  useEffect(() => {
    if (!region) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      event.preventDefault();
      const first = region.querySelector<HTMLElement>('[role="alert"]');
      if (first) {
        if (!first.hasAttribute('tabindex')) first.tabIndex = -1;
        first.focus();
      } else {
        region.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [region]);
  return region;
}

function CloseToast({ id }: { id: SnackbarKey }) {
  return (
    <IconButton size="small" color="inherit" aria-label="Fermer la notification" onClick={() => closeSnackbar(id)}>
      <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1 }}>
        ×
      </span>
    </IconButton>
  );
}

/**
 * The toasts (notistack: one at a time, 5000 ms) in their F8 region. `toast()` needs
 * one mounted. Part of {@link XaalisProviders}; the shell mounts it on its own, beside
 * the pages, once a toast is needed (the sign-in page does not load notistack up front).
 */
export function XaalisToaster({ children }: { children?: ReactNode }) {
  const region = useNotificationRegion();
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      domRoot={region}
      Components={TOAST_COMPONENTS}
      action={(key) => <CloseToast id={key} />}
    >
      {children}
    </SnackbarProvider>
  );
}
