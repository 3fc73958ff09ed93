import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import { BookCard } from './book-card';
import { RELATED_BOOKS } from '@/utils/books';

/** The first 5 Books related to a Book by its tags. */
export function RelatedBooks({ bookId }: { bookId: number }) {
  const { t } = useTranslation();
  const { data } = api.endpoints.listRelatedPages.useQuery({ id: bookId });
  const books = (data ?? []).filter((book) => book.id !== bookId).slice(0, RELATED_BOOKS);
  return (
    <Box component="section" aria-labelledby="related-books-title" sx={{ mt: 4 }}>
      <Typography id="related-books-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('books.related')}
      </Typography>
      {data && books.length === 0 ? <Typography color="text.secondary">{t('books.relatedEmpty')}</Typography> : null}
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))' }}
      >
        {books.map((book) => (
          <li key={book.id}>
            <BookCard book={book} size="compact" />
          </li>
        ))}
      </Box>
    </Box>
  );
}
