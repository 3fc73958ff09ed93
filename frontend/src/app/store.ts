import { combineReducers, configureStore } from '@reduxjs/toolkit';
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
