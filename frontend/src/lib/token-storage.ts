import { markSignedIn } from './session-marker';

export const TOKEN_KEY = 'current-token';

export function readToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeToken(token: string): void {
  globalThis.localStorage?.setItem(TOKEN_KEY, token);
  markSignedIn(true);
}

export function removeToken(): void {
  globalThis.localStorage?.removeItem(TOKEN_KEY);
  markSignedIn(false);
}
