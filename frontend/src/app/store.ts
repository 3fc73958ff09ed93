import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { api } from '@/api/api';
import type { ServerQueryExtra } from '@/api/base-api';
import { sessionSlice } from '@/lib/session-slice';
import { snackbarSlice } from '@/lib/snackbar-slice';
import { loginPromptSlice } from '@/lib/login-prompt-slice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionSlice.reducer,
  snackbar: snackbarSlice.reducer,
  loginPrompt: loginPromptSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * `preloadedState`: the state a server-rendered page carries (entry-server.tsx → main.tsx);
 * `extra`: on the server, how queries reach the API (base-api.ts's ServerQueryExtra).
 */
export function createAppStore({ preloadedState, extra }: { preloadedState?: Partial<RootState>; extra?: ServerQueryExtra } = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;

/** Whether an API call (a query or a mutation) is on its way. */
export function apiBusy(store: AppStore): boolean {
  const { queries, mutations } = store.getState()[api.reducerPath];
  return [...Object.values(queries), ...Object.values(mutations)].some((entry) => entry?.status === QueryStatus.pending);
}

/** The element of a server-rendered page that holds its store's state as JSON (entry-server.tsx). */
export const STATE_ELEMENT_ID = 'monobook-state';

/** The state a server-rendered page carries, and when it was rendered, if it is one. */
export function renderedState(): { state: Partial<RootState>; renderedAt: number | undefined } | undefined {
  const element = globalThis.document?.getElementById(STATE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const at = Number(element.getAttribute('data-rendered-at'));
    return { state: JSON.parse(element.textContent) as Partial<RootState>, renderedAt: Number.isFinite(at) && at > 0 ? at : undefined };
  } catch {
    return undefined;
  }
}
