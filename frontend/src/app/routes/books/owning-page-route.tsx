import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { api } from '@/api/api';
import { BookCover } from '@/features/books/components/book-cover';
import { PageSkeleton } from '@/components/page-skeleton';
import { PageContainer } from '@/components/page-container';
import { isNotFound } from '@/utils/api-error';
import { BookPoints, BookTextSection } from '@/features/books/components/book-points';
import { FileDownloads } from '@/features/books/components/file-downloads';
import { parseId } from '@/features/books/utils/book-id';

/** /owningpage/{pageid}: the whole Book with its files, for owners (and free Books). */
export function OwningPageRoute() {
  const { t } = useTranslation();
  const bookId = parseId(useParams().pageid);
  const { data: book, error, isLoading } = api.endpoints.getPageInfo.useQuery({ pageId: bookId ?? 0 }, { skip: bookId === null });

  if (book && !book.is_owned && book.page_price > 0) return <Navigate to="/home" replace />;

  let body;
  if (bookId === null || isNotFound(error)) body = <Alert severity="info">{t('books.notFound')}</Alert>;
  else if (isLoading) body = <PageSkeleton shape="detail" />;
  else if (!book) body = <Alert severity="error">{t('common.errorGeneric')}</Alert>;
  else {
    body = (
      <Card component="article" aria-labelledby="owned-book-title">
        <BookCover src={book.img} title={book.title} height={{ xs: 140, sm: 220 }} />
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="owned-book-title" component="h1" variant="h5" sx={{ fontWeight: 800, wordBreak: 'break-word' }}>
            {book.title}
          </Typography>
          <Typography sx={{ mt: 2, wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{book.summary}</Typography>
          <FileDownloads files={book.files} />
          <BookTextSection id="owned-goodpoint" title={t('books.goodpoint')} text={book.goodpoint} tone="good" />
          <BookTextSection id="owned-badpoint" title={t('books.badpoint')} text={book.badpoint} tone="bad" />
          <BookPoints book={book} />
          <BookTextSection id="owned-answer" title={t('books.answer')} text={book.answer} />
          <Button component={RouterLink} to={`/mono/${book.id}`} startIcon={<ArrowBackOutlined />} sx={{ mt: 3 }}>
            {t('books.backToBook')}
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <PageContainer width="wide" documentTitle={book?.title ?? (isLoading ? undefined : t('books.notFound'))}>
      {body}
    </PageContainer>
  );
}
