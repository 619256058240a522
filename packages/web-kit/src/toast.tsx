import { closeSnackbar, enqueueSnackbar, type SnackbarKey, type VariantType } from 'notistack';
import { useRef } from 'react';
import { browser, LOGIN_URL, UNAUTHORIZED_REDIRECT_DELAY_MS } from './browser';

/** Toast defaults (specification §9): one at a time, 5000 ms. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX = 1;

export type ToastVariant = 'default' | 'success' | 'destructive' | 'info' | 'warning';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it hides itself (default 5000). */
  duration?: number;
}

const VARIANTS: Record<ToastVariant, VariantType> = {
  default: 'default',
  success: 'success',
  destructive: 'error',
  info: 'info',
  warning: 'warning',
};

/** A swipe to the right longer than this dismisses the toast (spec §9). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

let sequence = 0;

function ToastMessage({ id, title, description }: { id: SnackbarKey; title: string; description?: string }) {
  const start = useRef<number | null>(null);
  const begin = (x: number) => {
    start.current = x;
  };
  const end = (x: number) => {
    if (start.current !== null && x - start.current > TOAST_SWIPE_THRESHOLD_PX) closeSnackbar(id);
    start.current = null;
  };
  // The swipe is a pointer shortcut only: keyboard and screen-reader users have the
  // toast's "Fermer la notification" button, so this wrapper stays presentational.
  return (
    <div
      role="presentation"
      data-testid="toast"
      style={{ touchAction: 'pan-y' }}
      onTouchStart={(event) => begin(event.touches[0]?.clientX ?? 0)}
      onTouchEnd={(event) => end(event.changedTouches[0]?.clientX ?? 0)}
      onTouchCancel={() => {
        start.current = null;
      }}
      onMouseDown={(event) => begin(event.clientX)}
      onMouseUp={(event) => end(event.clientX)}
    >
      <div style={{ fontWeight: 600 }}>{title}</div>
      {description ? <div style={{ opacity: 0.92 }}>{description}</div> : null}
    </div>
  );
}

/**
 * Shows a toast in the shell's notification region (notistack, shared singleton, so a
 * remote's toast appears in the host's provider). A new toast replaces the current one.
 */
export function toast({ title, description, variant = 'default', duration = TOAST_DURATION_MS }: ToastOptions): SnackbarKey {
  sequence += 1;
  const key = `toast-${sequence}`;
  return enqueueSnackbar(<ToastMessage id={key} title={title} description={description} />, {
    key,
    variant: VARIANTS[variant],
    autoHideDuration: duration,
  });
}

export function dismissToast(key?: SnackbarKey): void {
  closeSnackbar(key);
}

let redirecting = false;

/** Leaves for the sign-in page after the specification's delay (once, however many callers). */
export function redirectToLoginSoon(delayMs = UNAUTHORIZED_REDIRECT_DELAY_MS): void {
  if (redirecting) return;
  redirecting = true;
  setTimeout(() => {
    redirecting = false;
    browser.assign(LOGIN_URL);
  }, delayMs);
}

/** A 401 on a save: 'Non autorisé' / 'Vous êtes déconnecté. Reconnexion...', then /api/login. */
export function notifySessionExpired(): void {
  if (redirecting) return;
  toast({ title: 'Non autorisé', description: 'Vous êtes déconnecté. Reconnexion...', variant: 'destructive' });
  redirectToLoginSoon();
}

/** A signed-out visitor on an app route: 'Non autorisé - Vous devez être connecté. Redirection...'. */
export function notifySignInRequired(): void {
  if (redirecting) return;
  toast({ title: 'Non autorisé', description: 'Vous devez être connecté. Redirection...', variant: 'destructive' });
  redirectToLoginSoon();
}
