import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import { theme } from './theme';
import { XaalisToaster } from './toaster';

export { XaalisToaster } from './toaster';

/**
 * Store, theme (fr-FR) and toasts (notistack: one at a time, 5000 ms). Component tests
 * wrap what they render in it; the shell composes the same pieces itself so that the
 * signed-out pages need neither the store nor notistack (shell/src/App.tsx).
 */
export function XaalisProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <XaalisToaster>{children}</XaalisToaster>
      </ThemeProvider>
    </Provider>
  );
}
