import type { ToastOptions } from '@xaalis/web-kit';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

type ToasterModule = typeof import('./toaster');

// The signed-out pages do not load notistack up front: the toaster is mounted by
// <ToasterSlot/> (in App, beside the routes, so a toast outlives the switch from /auth to
// the workspace) the first time a toast is needed or the workspace loads.
let toasterModule: Promise<ToasterModule> | null = null;
let slotEnabled = false;
let wanted = false;
let ready: ((options: ToastOptions) => void) | null = null;
const listeners = new Set<() => void>();
let resolveMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  resolveMounted = resolve;
});

function loadToasterModule(): Promise<ToasterModule> {
  toasterModule ??= import(/* webpackChunkName: "toasts" */ './toaster');
  return toasterModule;
}

const Toaster = lazy(() => loadToasterModule().then((m) => ({ default: m.XaalisToaster })));

/** App (the shell's root) mounts a <ToasterSlot/>: toasts then wait for it. */
export function enableToasterSlot(): void {
  slotEnabled = true;
}

/**
 * Resolves once `toast()` can be called: the toaster is mounted in the slot. Without a
 * slot (component tests wrap with XaalisProviders, which has its own toaster), once the
 * module is loaded.
 */
export function ensureToaster(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return (slotEnabled ? mounted : Promise.resolve())
    .then(() => loadToasterModule())
    .then(({ toast }) => {
      ready ??= toast;
    });
}

/**
 * Shows a toast (web-kit's `toast`): at once when the toaster is ready (the sign-in
 * forms load it on first input), else once the toasts chunk is loaded and mounted.
 */
export function showToast(options: ToastOptions): void {
  const toast = ready;
  if (toast) {
    // Drawn now, not at the next frame: the redirect delays that follow a toast (1000 ms
    // after login) count from when it shows, as they did when the toasts were loaded up front.
    flushSync(() => toast(options));
    return;
  }
  void ensureToaster().then(() => ready?.(options));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isWanted = () => wanted;

/** Rendered once the toaster is: notistack's SnackbarProvider is constructed by then. */
function Mounted() {
  useEffect(() => resolveMounted(), []);
  return null;
}

/** Where the toaster is mounted once needed. */
export function ToasterSlot() {
  const show = useSyncExternalStore(subscribe, isWanted, isWanted);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      <Mounted />
    </Suspense>
  );
}
