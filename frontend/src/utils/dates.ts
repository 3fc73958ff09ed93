import dayjs from 'dayjs';

export const NEW_BADGE_MS = 2 * 24 * 60 * 60 * 1000;

/** Within the last 2 days. */
export function isNew(createdOn: string | null | undefined, now: number = Date.now()): boolean {
  if (!createdOn) return false;
  const created = dayjs(createdOn);
  return created.isValid() && now - created.valueOf() <= NEW_BADGE_MS;
}

export function relativeDate(iso: string): string {
  return dayjs(iso).fromNow();
}

export function absoluteDate(iso: string): string {
  return dayjs(iso).format('LLL');
}
