import { Algorithm, hash, verify } from '@node-rs/argon2';
import { Msg } from '../../common/http/drf-errors';

const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  // Unknown users are checked against a throwaway hash so both cases take the same time.
  const target = stored ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return stored !== null && ok;
}

const dummyHash = hash('not-a-real-password', OPTIONS);

/** Django's default password validators, with their messages. */
export function passwordProblems(password: string, email?: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push(Msg.passwordTooShort);
  if (password.length > 128) problems.push(Msg.maxLength(128));
  if (/^\d+$/.test(password)) problems.push(Msg.passwordNumeric);
  if (email && password.toLowerCase() === email.toLowerCase()) problems.push(Msg.passwordLikeEmail);
  if (COMMON.has(password.toLowerCase())) problems.push(Msg.passwordCommon);
  return problems;
}

const COMMON = new Set([
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  'qwertyui',
  'qwerty123',
  'iloveyou',
  'abcdefgh',
  'abc12345',
  'letmein1',
  'passw0rd',
  'welcome1',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'trustno1',
]);
