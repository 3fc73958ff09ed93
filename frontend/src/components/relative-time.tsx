import { useTranslation } from 'react-i18next';
import { absoluteDate, relativeDate } from '@/utils/dates';

type Props = { iso: string };

/**
 * "3 minutes ago" / "3分前", with the absolute date on hover: the browser's own tooltip (`title`),
 * which costs nothing in the first load (MUI's Tooltip brings Popper, about 10 KB).
 */
export function RelativeTime({ iso }: Props) {
  // Subscribing to the language re-renders this when it changes.
  useTranslation();
  return (
    <time dateTime={iso} title={absoluteDate(iso)}>
      {relativeDate(iso)}
    </time>
  );
}
