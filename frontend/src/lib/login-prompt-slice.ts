import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ParseKeys } from 'i18next';

/** A visitor tried something that needs a session: a dialog offers to log in (Header14, Mono20, Home3). */
export type LoginPromptState = { message: ParseKeys | null };

export const loginPromptSlice = createSlice({
  name: 'loginPrompt',
  initialState: { message: null } as LoginPromptState,
  reducers: {
    loginPromptShown(state, action: PayloadAction<ParseKeys>) {
      state.message = action.payload;
    },
    loginPromptClosed(state) {
      state.message = null;
    },
  },
});

export const { loginPromptShown, loginPromptClosed } = loginPromptSlice.actions;

export const selectLoginPrompt = (state: { loginPrompt: LoginPromptState }) => state.loginPrompt.message;
