import { combineSlices, configureStore, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from './api';

/**
 * The root reducer of the one store. A remote that needs a slice of its own injects
 * it at run time: `rootReducer.inject(mySlice)` (RTK `combineSlices`).
 */
export const rootReducer = combineSlices(baseApi);
export type RootState = ReturnType<typeof rootReducer>;

/** Builds the store (the shell makes one; tests make one per test). */
export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });
}
export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
