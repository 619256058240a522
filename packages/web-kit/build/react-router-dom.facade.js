// What the federated builds share under the keys 'react-router-dom' and 'react-router':
// React Router's declarative API (BrowserRouter + <Routes>), re-exported from the real
// package so the rest of it is tree-shaken away.
//
// Why: a shared module is never tree-shaken, and React Router 7 ships its data
// routers, SSR and RSC code in the same module: shared whole it cost ~60 KiB gzipped
// before the first paint of /auth. This subset costs a fraction of that. It is still
// one singleton (the shell's copy): a remote's useNavigate() sees the shell's router.
//
// Rule: import routing from 'react-router-dom', and only these names (a test in
// packages/web-kit/src/facades.test.ts checks every import of the front ends).
// Need another export? Add it here.
//
// 'xaalis-react-router-impl' is an alias of the react-router package set in
// webpack-common.js; it matches no share key, so this import is not shared itself.
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
  useMatch,
  useHref,
  useInRouterContext,
  useOutlet,
  useOutletContext,
  useResolvedPath,
  useRoutes,
  useNavigationType,
  useLinkClickHandler,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  resolvePath,
  createPath,
  parsePath,
} from 'xaalis-react-router-impl';
