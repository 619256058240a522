import { createTheme } from '@mui/material/styles';
// Only fr-FR is bundled: '@mui/material/locale' is excluded from Module Federation
// sharing (see build/federation.js), so it is tree-shaken like any other module.
import { frFR } from '@mui/material/locale';

/**
 * Colours a text or a badge is drawn in keep WCAG AA contrast (4.5:1) on white and on the page's
 * background: MUI's default warning (#ed6c02) and info (#0288d1) fall short (3.1 and 3.9), so both are
 * the darker shades of the same hues; `light` stays what it was (alerts' tints are computed from it).
 * The secondary amber is a fill (dark text on it); as a text, its `dark` shade is used.
 */
export const PALETTE = {
  primary: { main: '#0b6e4f', light: '#3b8f73', dark: '#07503a', contrastText: '#ffffff' },
  secondary: { main: '#e09f3e', dark: '#8f6120', contrastText: '#1f1300' },
  error: { main: '#c62828' },
  success: { main: '#2e7d32' },
  warning: { main: '#b24a00', light: '#f08934', dark: '#8a3900', contrastText: '#ffffff' },
  info: { main: '#0269a4', light: '#349fda', dark: '#01507c', contrastText: '#ffffff' },
  background: { default: '#f5f7f6', paper: '#ffffff' },
} as const;

/** The keyboard focus ring (WCAG 2.4.7): only for keyboard focus (`Mui-focusVisible`), so a click looks as before. */
const FOCUS_RING = { outline: '2px solid currentColor', outlineOffset: '2px' } as const;
/** Inside the item's own box: menus, the sidebar and tab lists clip what overflows them. */
const INSET_FOCUS_RING = { '&.Mui-focusVisible': { outlineOffset: '-2px' } } as const;

/**
 * The application theme (MUI, fr-FR component texts). Its `defaultProps` (the fr-FR
 * texts are defaultProps too) reach the components of every remote: the context
 * they are read from, '@mui/system/DefaultPropsProvider', is a federation singleton.
 */
export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      ...PALETTE,
      // Text computed on a colour (getContrastText) reaches AA, not MUI's default 3:1.
      contrastThreshold: 4.5,
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
      // Every button, icon button, link-button, tab, menu item and check box shows where the keyboard is.
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
      // A filled button's text is white: its ring is drawn in the text colour of the page around it.
      MuiButton: { styleOverrides: { contained: { '&.Mui-focusVisible': { outlineColor: 'rgba(0, 0, 0, 0.87)' } } } },
      MuiListItemButton: { styleOverrides: { root: INSET_FOCUS_RING } },
      MuiMenuItem: { styleOverrides: { root: INSET_FOCUS_RING } },
      MuiTab: { styleOverrides: { root: INSET_FOCUS_RING } },
      // An outlined badge writes its label in the colour: the amber needs its dark shade to be read.
      MuiChip: {
        styleOverrides: {
          root: { variants: [{ props: { variant: 'outlined', color: 'secondary' }, style: { color: PALETTE.secondary.dark } }] },
        },
      },
    },
  },
  frFR,
);

export type AppTheme = typeof theme;
