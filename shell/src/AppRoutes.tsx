import { APP_ROUTES, type AppRoute } from '@xaalis/contracts';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AuthRoute } from './features/auth/AuthRoute';
import { SectorModuleRoute } from './features/modules/SectorModuleRoute';
import { FullPageLoader } from './features/session/FullPageLoader';
import { SignedInArea } from './features/session/SignedInArea';

// Loaded when first needed: /auth and the landing page do not pay for them.
const RemotePage = lazy(() => import(/* webpackChunkName: "remote-page" */ './features/remotes/RemotePage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "page-not-found" */ './features/not-found/NotFoundPage'));

/** The pages the shell renders itself (APP_ROUTES entries with remote 'shell'), by module name. */
export const SHELL_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  './Portfolio': lazy(() => import(/* webpackChunkName: "page-portfolio" */ './features/portfolio/PortfolioPage')),
  './Settings': lazy(() => import(/* webpackChunkName: "page-settings" */ './features/settings/SettingsPage')),
};

/** A route's page: the shell's own, or the remote's exposed module. */
function RoutePage({ route }: { route: AppRoute }) {
  if (route.remote !== 'shell') return <RemotePage remote={route.remote} module={route.module} />;
  const Page = SHELL_PAGES[route.module];
  return Page ? <Page /> : <NotFoundPage />;
}

/** /settings is the specification's other spelling of /parametres (query string kept). */
function SettingsRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={`/parametres${search}${hash}`} replace />;
}

/**
 * The routes. Every APP_ROUTES path is a page of a remote (or of the shell: identity and
 * workspace screens), shown in the signed-in layout; '/' is the landing page for signed-out visitors. A sector page whose
 * module the company has not enabled shows "Module non activé" instead.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/auth" element={<AuthRoute />} />
      <Route path="/settings" element={<SettingsRedirect />} />
      <Route element={<SignedInArea />}>
        {APP_ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              route.sectorModule ? (
                <SectorModuleRoute module={route.sectorModule}>
                  <Suspense fallback={null}>
                    <RoutePage route={route} />
                  </Suspense>
                </SectorModuleRoute>
              ) : (
                <Suspense fallback={null}>
                  <RoutePage route={route} />
                </Suspense>
              )
            }
          />
        ))}
      </Route>
      <Route
        path="*"
        element={
          <Suspense fallback={<FullPageLoader />}>
            <NotFoundPage />
          </Suspense>
        }
      />
    </Routes>
  );
}
