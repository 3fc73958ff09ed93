import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export type SnackSeverity = 'success' | 'info' | 'warning' | 'error';

export type Snack = {
  id: number;
  /** Already translated text. */
  message: string;
  severity: SnackSeverity;
};

export type SnackbarState = { current: Snack | null; nextId: number };

type WithSnackbar = { snackbar: SnackbarState };

export const snackbarSlice = createSlice({
  name: 'snackbar',
  initialState: { current: null, nextId: 1 } as SnackbarState,
  reducers: {
    snackShown(state, action: PayloadAction<{ message: string; severity: SnackSeverity }>) {
      state.current = { id: state.nextId, ...action.payload };
      state.nextId += 1;
    },
    snackClosed(state, action: PayloadAction<number>) {
      if (state.current?.id === action.payload) state.current = null;
    },
  },
});

export const { snackShown, snackClosed } = snackbarSlice.actions;

export const selectSnack = (state: WithSnackbar) => state.snackbar.current;
