import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { readToken, removeToken, writeToken } from './token-storage';

export type SessionState = {
  token: string | null;
  /** Set when the server rejected the stored token; the app then sends the user to /login. */
  expired: boolean;
};

type WithSession = { session: SessionState };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => ({ token: readToken(), expired: false }),
  reducers: {
    loggedIn(state, action: PayloadAction<string>) {
      writeToken(action.payload);
      state.token = action.payload;
      state.expired = false;
    },
    loggedOut(state) {
      removeToken();
      state.token = null;
      state.expired = false;
    },
    sessionExpired(state) {
      const hadToken = state.token !== null;
      removeToken();
      state.token = null;
      state.expired = hadToken;
    },
    expiryHandled(state) {
      state.expired = false;
    },
  },
});

export const { loggedIn, loggedOut, sessionExpired, expiryHandled } = sessionSlice.actions;

export const selectToken = (state: WithSession) => state.session.token;
export const selectIsLoggedIn = (state: WithSession) => state.session.token !== null;
export const selectSessionExpired = (state: WithSession) => state.session.expired;
