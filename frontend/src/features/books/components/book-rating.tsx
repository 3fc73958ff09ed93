import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import '@/i18n/book-data';

type Props = { rating: number; reviews: number };

/** Rating in percent as a bar, with the number of reviews; "No reviews yet" before the first rating (never "0%"). */
export function BookRating({ rating, reviews }: Props) {
  const { t } = useTranslation();
  // Ratings run from 5 to 100: 0 means nobody has rated the Book.
  if (rating <= 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('bookData.noReviews')}
      </Typography>
    );
  }
  const percent = Math.max(0, Math.min(100, Math.round(rating)));
  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography id="book-rating-label" component="span" variant="body2" color="text.secondary">
          {t('books.rating')}
        </Typography>
        <Typography component="span" sx={{ fontWeight: 700, fontSize: 20 }}>
          {t('books.ratingValue', { percent })}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary">
          {t('books.reviews', { count: reviews })}
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={percent} aria-labelledby="book-rating-label" sx={{ height: 8, borderRadius: 4, mt: 0.5 }} />
    </Box>
  );
}
