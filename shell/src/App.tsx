import { createAppStore, XaalisProviders, type AppStore } from '@xaalis/web-kit';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';

/** The one Redux store of the application (RTK Query `baseApi`, shared by the remotes). */
export const store: AppStore = createAppStore();

export function App() {
  return (
    <XaalisProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </XaalisProviders>
  );
}
