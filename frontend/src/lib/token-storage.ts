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
}

export function removeToken(): void {
  globalThis.localStorage?.removeItem(TOKEN_KEY);
}
