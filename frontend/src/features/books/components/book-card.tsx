import { useRenderTime } from '@/hooks/use-render-time';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Book } from '@/api/types';
import { SUMMARY_LENGTH, formatYen, truncate } from '@/utils/books';
import { isNew } from '@/utils/dates';
import { BookCover } from './book-cover';

type Props = {
  book: Pick<Book, 'id' | 'title' | 'summary' | 'img' | 'page_price' | 'created_on'>;
  /** Compact cards (side panels, related Books) have a shorter title and no summary. */
  size?: 'regular' | 'compact';
  /** The cover is the first screen's largest image (BookCover's `priority`). */
  priority?: boolean;
};

export function BookPriceChip({ price }: { price: number }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={price > 0 ? formatYen(price) : t('books.free')}
      color={price > 0 ? 'secondary' : 'default'}
      variant={price > 0 ? 'filled' : 'outlined'}
    />
  );
}

/**
 * A Book in a list: cover, title, summary, price and a "new" badge. The title is the link to
 * /mono/{id}, stretched over the whole card, so the link's name is exactly the visible title
 * (shortened by CSS, not in the text: WCAG 2.5.3) and the whole card stays clickable.
 */
export function BookCard({ book, size = 'regular', priority = false }: Props) {
  const { now: renderNow } = useRenderTime();
  const { t } = useTranslation();
  const compact = size === 'compact';
  return (
    <Card
      sx={{
        height: '100%',
        position: 'relative',
        display: 'flex',
        flexDirection: compact ? 'row' : 'column',
        transition: 'box-shadow 0.2s',
        '&:hover': { boxShadow: 4 },
        '&:focus-within': { outline: '3px solid #11474d', outlineOffset: 2 },
      }}
    >
      <Box sx={{ position: 'relative', flex: compact ? '0 0 88px' : undefined }}>
        <BookCover src={book.img} title={book.title} height={compact ? 72 : 140} priority={priority} />
        {isNew(book.created_on, renderNow) ? (
          <Chip label={t('books.new')} color="secondary" size="small" sx={{ position: 'absolute', top: 8, left: 8, height: 20, fontSize: 11 }} />
        ) : null}
      </Box>
      <Box sx={{ p: compact ? 1 : 2, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5, flexGrow: 1 }}>
        <Typography component={compact ? 'h3' : 'h2'} sx={{ fontWeight: 700, lineHeight: 1.5, wordBreak: 'break-word' }} title={book.title}>
          <Link
            component={RouterLink}
            to={`/mono/${book.id}`}
            color="inherit"
            underline="hover"
            sx={{
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: compact ? 1 : 2,
              overflow: 'hidden',
              '&:focus-visible': { outline: 'none' },
              '&::after': { content: '""', position: 'absolute', inset: 0 },
            }}
          >
            {book.title}
          </Link>
        </Typography>
        {compact ? null : (
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {truncate(book.summary, SUMMARY_LENGTH)}
          </Typography>
        )}
        <Box sx={{ mt: 'auto', pt: 0.5 }}>
          <BookPriceChip price={book.page_price} />
        </Box>
      </Box>
    </Card>
  );
}
