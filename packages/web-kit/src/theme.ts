import { createTheme } from '@mui/material/styles';
// Only fr-FR is bundled: '@mui/material/locale' is excluded from Module Federation
// sharing (see build/federation.js), so it is tree-shaken like any other module.
import { frFR } from '@mui/material/locale';

/**
 * The application theme (MUI, fr-FR component texts). Its `defaultProps` (the fr-FR
 * texts are defaultProps too) reach the components of every remote: the context
 * they are read from, '@mui/system/DefaultPropsProvider', is a federation singleton.
 */
export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: '#0b6e4f', light: '#3b8f73', dark: '#07503a', contrastText: '#ffffff' },
      secondary: { main: '#e09f3e', contrastText: '#1f1300' },
      error: { main: '#c62828' },
      success: { main: '#2e7d32' },
      warning: { main: '#ed6c02' },
      background: { default: '#f5f7f6', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2rem', fontWeight: 700 },
      h2: { fontSize: '1.6rem', fontWeight: 700 },
      h3: { fontSize: '1.35rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
      MuiCard: { styleOverrides: { root: { borderRadius: 12 } } },
      // Specification §9: tooltip delay 700 ms, skip delay 300 ms.
      MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
    },
  },
  frFR,
);

export type AppTheme = typeof theme;
