export const BIRTH_YEARS_BACK = 121;

/** Current year down to 121 years back. */
export function birthYears(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: BIRTH_YEARS_BACK + 1 }, (_, i) => current - i);
}

export const BIRTH_MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
export const BIRTH_DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD, or null when the date does not exist (31 February). */
export function composeBirth(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function splitBirth(birth: string | null | undefined): { year: string; month: string; day: string } {
  const match = birth ? /^(\d{4})-(\d{2})-(\d{2})/.exec(birth) : null;
  if (!match) return { year: '', month: '', day: '' };
  return { year: String(Number(match[1])), month: String(Number(match[2])), day: String(Number(match[3])) };
}
