import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { FOLLOWED_BOOKS_IN_PANEL } from '@/utils/books';
import { BookCard } from './book-card';
import { booksApi } from '../api';

/** The first 3 followed Books, for the home screen's side panel (logged-in users only). */
export function FollowedBooksPanel() {
  const { t } = useTranslation();
  // The same cache entry as /followingpagelist, so a follow anywhere shows here at once.
  const { data, isLoading } = booksApi.endpoints.followedBooks.useInfiniteQuery();
  const books = (data?.pages ?? []).flat().slice(0, FOLLOWED_BOOKS_IN_PANEL);
  return (
    <Box component="aside" aria-labelledby="followed-books-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="followed-books-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('books.homeFollowedTitle')}
        </Typography>
        <Button component={RouterLink} to="/followingpagelist" size="small">
          {t('books.seeAll')}
        </Button>
      </Box>
      {isLoading ? <Skeleton variant="rounded" height={88} /> : null}
      {!isLoading && books.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t('books.homeFollowedEmpty')}
        </Typography>
      ) : null}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {books.map((book) => (
          <li key={book.id}>
            <BookCard book={book} size="compact" />
          </li>
        ))}
      </Box>
    </Box>
  );
}
