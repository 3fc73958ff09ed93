import { useCallback } from 'react';
import type { ParseKeys } from 'i18next';
import { useDispatch } from 'react-redux';
import { loginPromptShown } from '@/lib/login-prompt-slice';

/** Asks a visitor to log in, in a dialog with a log-in button (message key of the screen). */
export function useLoginPrompt(): (message?: ParseKeys) => void {
  const dispatch = useDispatch();
  return useCallback((message: ParseKeys = 'Header14') => dispatch(loginPromptShown(message)), [dispatch]);
}
