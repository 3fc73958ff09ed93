import { Suspense, lazy, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectLoginPrompt } from '@/lib/login-prompt-slice';
import type { LoginPromptState } from '@/lib/login-prompt-slice';

// Only visitors who try an action see the prompt: its dialog code loads then, not with the shell.
const LoginPromptView = lazy(() => import('./login-prompt-view').then((module) => ({ default: module.LoginPromptView })));

export function LoginPromptDialog() {
  const shown = useSelector((state: { loginPrompt: LoginPromptState }) => selectLoginPrompt(state) !== null);
  const [used, setUsed] = useState(false);
  if (shown && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <LoginPromptView />
    </Suspense>
  ) : null;
}
