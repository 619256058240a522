import Stack from '@mui/material/Stack';
import { serverMessage } from '@xaalis/web-kit/src/http';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { showToast } from '../toasts/toasts';
import type { AuthFlowProps } from './authFlow';
import { prefetchForSubmit } from './prefetch';

/** A sign-in form ('Connexion', 'Inscription'): its fields stacked; the first input prefetches what the submit needs. */
export function AuthFormShell({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: (event: SyntheticEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onInput={prefetchForSubmit}
      spacing={2}
      aria-label={label}
    >
      {children}
    </Stack>
  );
}

/**
 * A sign-in form's request: the flow starts, 'sending' until `send` ends ('done' once it
 * succeeded); a failure ends the flow, back to 'idle', with the toast `failureTitle` and the
 * server's reason, else `fallback`.
 */
export function useAuthRequest<TValues>(
  { onAuthStart, onAuthEnd }: AuthFlowProps,
  failureTitle: string,
  fallback: string,
  send: (values: TValues) => Promise<void>,
) {
  const [status, setStatus] = useState<'idle' | 'sending' | 'done'>('idle');
  const run = async (values: TValues) => {
    onAuthStart();
    setStatus('sending');
    try {
      await send(values);
      setStatus('done');
    } catch (error) {
      setStatus('idle');
      onAuthEnd();
      showToast({ title: failureTitle, description: serverMessage(error) ?? fallback, variant: 'destructive' });
    }
  };
  return { status, run };
}
