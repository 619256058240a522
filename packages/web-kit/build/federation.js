// Module Federation sharing shared by the shell and the three remotes (DESIGN.md §2, §7).
//
// Everything that holds React state or context is a singleton, so a remote renders
// with the host's React, theme, router, store (RTK Query `baseApi`) and toasts.
// Sharing is by exact import path: `@mui/material/Button` is matched by the
// `@mui/material/` prefix entry, not by `@mui/material`. Import MUI by component path
// everywhere (`import Button from '@mui/material/Button'`) so that only the
// components a page uses are loaded (sharing `@mui/material` whole would load all of
// MUI up front: shared modules are never tree-shaken).

const path = require('node:path');

const singleton = (extra = {}) => ({ singleton: true, ...extra });

const ROUTER_FACADE = path.join(__dirname, 'react-router-dom.facade.js');
const MUI_STYLES_FACADE = path.join(__dirname, 'mui-styles.facade.js');
const muiVersion = require('@mui/material/package.json').version;
const routerVersion = require('react-router/package.json').version;

/** The ESM build of react-router behind the facade (alias `xaalis-react-router-impl`). */
function reactRouterImpl(mode) {
  const dir = path.dirname(require.resolve('react-router/package.json'));
  return path.join(dir, 'dist', mode === 'development' ? 'development' : 'production', 'index.mjs');
}

/** The real @mui/material/styles behind its facade (alias `xaalis-mui-styles-impl`). */
function muiStylesImpl() {
  return path.join(path.dirname(require.resolve('@mui/material/package.json')), 'styles', 'index.mjs');
}

/** The `shared` option of every federated build. */
function sharedModules() {
  return {
    react: singleton(),
    'react/': singleton(),
    'react-dom': singleton(),
    'react-dom/': singleton(),
    // Both keys provide the same curated subset (see react-router-dom.facade.js).
    'react-router-dom': singleton({
      import: ROUTER_FACADE,
      shareKey: 'react-router-dom',
      version: routerVersion,
      requiredVersion: '^7.0.0',
    }),
    'react-router': singleton({ import: ROUTER_FACADE, shareKey: 'react-router-dom', version: routerVersion, requiredVersion: '^7.0.0' }),
    '@mui/material': singleton(),
    // `locale` is pure data (every language in one module): left out of sharing so
    // that only fr-FR is bundled (tree-shaken) where the theme is built.
    '@mui/material/': singleton({ exclude: { request: /^(locale|styles)$/ } }),
    // The theming API only (see mui-styles.facade.js).
    '@mui/material/styles': singleton({
      import: MUI_STYLES_FACADE,
      version: muiVersion,
      requiredVersion: `^${muiVersion.split('.')[0]}.0.0`,
    }),
    // The two React contexts MUI components read from @mui/system (theme default props
    // such as the fr-FR texts, and RTL): shared, so that a component a remote bundles
    // itself reads the providers the shell's ThemeProvider set. (Sharing the whole
    // '@mui/system/' prefix would cost ~10 KiB more on /auth for no other gain.)
    '@mui/system/DefaultPropsProvider': singleton(),
    '@mui/system/RtlProvider': singleton(),
    '@emotion/react': singleton(),
    '@emotion/styled': singleton(),
    '@reduxjs/toolkit': singleton(),
    // '@reduxjs/toolkit/query' and '@reduxjs/toolkit/query/react'
    '@reduxjs/toolkit/': singleton(),
    'react-redux': singleton(),
    notistack: singleton(),
    '@xaalis/web-kit': singleton({ requiredVersion: false }),
    '@xaalis/contracts': singleton({ requiredVersion: false }),
    // The money and date core: one copy (and one decimal.js) for the shell and every remote.
    '@xaalis/domain': singleton({ requiredVersion: false }),
  };
}

/** Remote names and ports (the shell's dev server serves /config/remotes.json from these). */
const APPS = {
  shell: { port: 3000 },
  accounting: { port: 3001, dir: 'mfe-accounting' },
  hr: { port: 3002, dir: 'mfe-hr' },
  sector: { port: 3003, dir: 'mfe-sector' },
};

module.exports = { sharedModules, reactRouterImpl, muiStylesImpl, APPS, ROUTER_FACADE, MUI_STYLES_FACADE };
