import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { api } from '@/api/api';
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

export function createAppStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;

/** Whether an API call (a query or a mutation) is on its way. */
export function apiBusy(store: AppStore): boolean {
  const { queries, mutations } = store.getState()[api.reducerPath];
  return [...Object.values(queries), ...Object.values(mutations)].some((entry) => entry?.status === QueryStatus.pending);
}
