import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { RemoteName } from '@xaalis/contracts';
import { Component, createContext, lazy, Suspense, useContext, useState, type ErrorInfo, type ReactNode } from 'react';
import { loadRemotePage, type RemotePageModule } from './remotes';

export type RemotePageLoader = (remote: RemoteName, module: string) => Promise<RemotePageModule>;

/** How pages are loaded: the federation runtime, or a stand-in in component tests. */
export const RemotePageLoaderContext = createContext<RemotePageLoader>(loadRemotePage);

/** Shown while a remote page loads. */
export function PageSkeleton() {
  return (
    <Box role="status" aria-live="polite" aria-busy="true">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Chargement...
      </Typography>
      <Skeleton variant="text" width="40%" height={44} />
      <Skeleton variant="text" width="60%" />
      <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
    </Box>
  );
}

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  /** Show nothing rather than 'Module indisponible' (an optional part of a page). */
  quiet?: boolean;
  children: ReactNode;
}

/** Catches a remote that cannot be loaded (or fails while rendering): the rest of the app keeps working. */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Module « ${this.props.remote} » indisponible`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.quiet) return null;
    return (
      <Paper variant="outlined" role="alert" sx={{ p: 3, maxWidth: 640 }}>
        <Typography variant="h2" component="h2" gutterBottom>
          Module indisponible
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Cette partie de l'application n'a pas pu être chargée. Le reste de Xaalis reste utilisable ; réessayez dans un instant.
        </Typography>
        <Button variant="contained" onClick={this.props.onRetry}>
          Réessayer
        </Button>
      </Paper>
    );
  }
}

export interface RemotePageProps {
  remote: RemoteName;
  /** The exposed module, e.g. './Invoices'. */
  module: string;
  /** Given to the module's component (a banner of a composed page: { welcomed }). */
  props?: Record<string, unknown>;
  /** An optional part: nothing while it loads nor when it cannot be loaded. */
  quiet?: boolean;
}

/**
 * One lazy component per loader, page and attempt, kept outside React: a page
 * created during render (or in a useMemo, which React may drop) would remount
 * and lose its state. A new attempt gets a new one: React.lazy remembers a failed load.
 */
type AnyPage = RemotePageModule['default'];
const lazyPages = new WeakMap<RemotePageLoader, Map<string, AnyPage>>();
function lazyPage(load: RemotePageLoader, remote: RemoteName, module: string, attempt: number): AnyPage {
  let pages = lazyPages.get(load);
  if (!pages) lazyPages.set(load, (pages = new Map<string, AnyPage>()));
  const key = `${remote}:${module}:${attempt}`;
  let page = pages.get(key);
  if (!page) pages.set(key, (page = lazy(() => load(remote, module))));
  return page;
}

/**
 * A page (or a tab, a banner) of a remote, loaded at run time inside Suspense and an
 * error boundary with a retry: a remote that is down leaves the rest of the screen working.
 */
export default function RemotePage({ remote, module, props, quiet }: RemotePageProps) {
  const load = useContext(RemotePageLoaderContext);
  const [attempt, setAttempt] = useState(0);
  const Page = lazyPage(load, remote, module, attempt);
  return (
    <RemoteErrorBoundary key={`${remote}:${module}:${attempt}`} remote={remote} quiet={quiet} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={quiet ? null : <PageSkeleton />}>
        <Page {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
