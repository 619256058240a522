// What the federated builds share under the key '@mui/material/styles': the theming API
// the front ends use, re-exported from the real module so the rest is tree-shaken away.
//
// Why: a shared module is never tree-shaken, and '@mui/material/styles' also exports the
// CSS-variables theme builders, InitColorSchemeScript, StyledEngineProvider,
// responsiveFontSizes, adaptV4Theme... (~4 KiB gzipped on /auth for nothing). Still one
// singleton (the shell's copy), so a remote's useTheme() sees the shell's theme.
//
// Rule: only these names may be imported from '@mui/material/styles' (types are free);
// a test (packages/web-kit/src/facades.test.ts) checks every import of the front
// ends and of the MUI X packages (@mui/x-charts imports styled, useTheme, useThemeProps
// from it: a package's bare import is shared too). Need another export? Add it here.
//
// 'xaalis-mui-styles-impl' is an alias of @mui/material/styles set in webpack-common.js;
// it matches no share key, so this import is not shared itself.
export {
  ThemeProvider,
  createTheme,
  useTheme,
  useThemeProps,
  styled,
  alpha,
  darken,
  lighten,
  getContrastRatio,
  useColorScheme,
} from 'xaalis-mui-styles-impl';
