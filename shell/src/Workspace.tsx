import type { User } from '@xaalis/contracts';
import { authApi, createAppStore, type AppStore } from '@xaalis/web-kit';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { ensureRemotesRegistered } from './features/remotes/remotes';

// Read /config/remotes.json early; a failure is reported by each remote page (retry).
ensureRemotesRegistered().catch(() => undefined);

/** The one Redux store of the application (RTK Query `baseApi`, shared by the remotes). */
export const store: AppStore = createAppStore();

let seeded = false;

/** The current user the signed-out entry already knows becomes the store's GET /api/user. */
function seedUser(user: User | null | undefined) {
  if (seeded) return;
  seeded = true;
  if (user !== undefined) void store.dispatch(authApi.util.upsertQueryData('getUser', undefined, user));
}

/** The signed-in application (and every path but the signed-out '/' and '/auth'). */
export default function Workspace({ initialUser }: { initialUser: User | null | undefined }) {
  seedUser(initialUser);
  return (
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  );
}
