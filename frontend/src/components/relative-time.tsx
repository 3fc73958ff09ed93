import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { absoluteDate, relativeDate } from '@/utils/dates';

type Props = { iso: string };

/** "3 minutes ago" / "3分前", with the absolute date on hover. */
export function RelativeTime({ iso }: Props) {
  // Subscribing to the language re-renders this when it changes.
  useTranslation();
  return (
    <Tooltip title={absoluteDate(iso)}>
      <time dateTime={iso} tabIndex={0}>
        {relativeDate(iso)}
      </time>
    </Tooltip>
  );
}
