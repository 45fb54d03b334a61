import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { type StoreExtra, api } from './api';
import { type RootState, rootReducer } from './root-reducer';

/**
 * Builds the store. The shell calls this once; a remote only when it runs on its own in
 * development; the server renderer once per page, with the transport that reaches the gateway.
 */
export function createAppStore(preloadedState?: Partial<RootState>, extra: StoreExtra = {}) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
  // Refetch on focus and reconnect are browser events; a server store has neither.
  if (typeof window !== 'undefined') setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
