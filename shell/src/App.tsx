import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
// Narrow imports: the web-kit module itself, not the shared '@xaalis/web-kit' (which
// brings the store, RTK Query and notistack). Same module as web-kit's own `theme`.
import { theme } from '@xaalis/web-kit/src/theme';
import { EntryRoutes } from './EntryRoutes';
import { enableToasterSlot, ToasterSlot } from './features/toasts/toasts';

// Toasts wait for the slot below (not for a provider of their own).
enableToasterSlot();

/**
 * The application: theme and toasts, which the signed-out pages and the signed-in
 * workspace share (a toast shown on /auth stays through the switch).
 */
export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToasterSlot />
      <EntryRoutes />
    </ThemeProvider>
  );
}
