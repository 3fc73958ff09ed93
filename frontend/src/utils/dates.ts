import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import relativeTime from 'dayjs/plugin/relativeTime';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { i18n } from '@/i18n';

// Set up here, not with i18n: dayjs then loads with the first screen that shows a date.
dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

/** dayjs in the interface language. */
function local(iso: string) {
  return dayjs(iso).locale(i18n.language === 'ja' ? 'ja' : 'en');
}

export const NEW_BADGE_MS = 2 * 24 * 60 * 60 * 1000;

/** Within the last 2 days. */
export function isNew(createdOn: string | null | undefined, now: number = Date.now()): boolean {
  if (!createdOn) return false;
  const created = dayjs(createdOn);
  return created.isValid() && now - created.valueOf() <= NEW_BADGE_MS;
}

export function relativeDate(iso: string, now?: number): string {
  return now === undefined ? local(iso).fromNow() : local(iso).from(dayjs(now));
}

export function absoluteDate(iso: string): string {
  return local(iso).format('LLL');
}
