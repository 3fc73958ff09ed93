import { useTranslation } from 'react-i18next';
import { useRenderTime } from '@/hooks/use-render-time';
import { absoluteDate, relativeDate } from '@/utils/dates';

type Props = { iso: string };

/**
 * "3 minutes ago" / "3分前", with the absolute date on hover: the browser's own tooltip (`title`),
 * which costs nothing in the first load (MUI's Tooltip brings Popper, about 10 KB).
 */
export function RelativeTime({ iso }: Props) {
  // Subscribing to the language re-renders this when it changes.
  useTranslation();
  // A server-rendered page hydrates with the server's time and no title (the server's time zone
  // is not the reader's); both follow the reader's clock right after.
  const { now, hydrated } = useRenderTime();
  return (
    <time dateTime={iso} title={hydrated ? absoluteDate(iso) : undefined}>
      {relativeDate(iso, now)}
    </time>
  );
}
