import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useInView } from 'react-intersection-observer';
import { useParams } from 'react-router-dom';
import { api } from '@/api/api';
import { adInterleave } from '@/features/ads/components/ad-slot';
import { BookCover } from '@/features/books/components/book-cover';
import { PageSkeleton } from '@/components/page-skeleton';
import { PageContainer } from '@/components/page-container';
import { PostDataFab } from '@/features/uploads/components/post-data-fab';
import { RelativeTime } from '@/components/relative-time';
import { useHydrated } from '@/hooks/use-hydrated';
import { useSession } from '@/hooks/use-session';
import { PostFab } from '@/features/posts/components/post-fab';
// The posts come with the route (they are on its first screen): a chunk of their own carried a second copy of the dates and links the route has too.
import { PostFeed } from '@/features/posts/components/post-feed';
import { isNotFound } from '@/utils/api-error';
import { BookActions } from '@/features/books/components/book-actions';
import { BookPoints, BookTextSection } from '@/features/books/components/book-points';
import { BookRating } from '@/features/books/components/book-rating';
import { BookTags } from '@/features/books/components/book-tags';
import { Contributors } from '@/features/books/components/contributors';
import { MembersOnlyNotice, ModeratedNotice } from '@/features/books/components/members-only';
import { RelatedBooks } from '@/features/books/components/related-books';
import { parseId } from '@/features/books/utils/book-id';
import { ColumnProfile } from '@/features/books/components/data/column-profile';
import { LazyHeadlineChart } from '@/features/books/components/data/lazy-headline-chart';
import { TablePreview } from '@/features/books/components/data/table-preview';
import { postsApi } from '@/features/posts/api';

/** Counts one view when the page opens: the user's id, or 0 for visitors. */
function useRecordView(bookId: number | null) {
  const { isLoggedIn, profile, hasNoProfile } = useSession();
  const waiting = isLoggedIn && !profile && !hasNoProfile;
  const user = profile ? String(profile.userProfile) : '0';
  // Never on the server: a rendered page is not a view (the browser counts it once it runs).
  api.endpoints.recordPageView.useQuery({ user, page: bookId ?? 0 }, { skip: bookId === null || waiting || Boolean(import.meta.env.SSR) });
}

/** The reviews and posts about the Book. */
function BookPosts({ bookId }: { bookId: number }) {
  const { t } = useTranslation();
  const query = postsApi.endpoints.bookPosts.useInfiniteQuery({ pageId: bookId });
  return (
    <Box component="section" aria-labelledby="book-posts-title">
      <Typography id="book-posts-title" component="h2" variant="h6" sx={{ mb: 1.5, fontWeight: 700 }}>
        {t('posts.bookPostsTitle')}
      </Typography>
      <PostFeed
        query={query}
        label={t('posts.bookPostsTitle')}
        loginMessage="Mono20"
        interleave={adInterleave(3, { kind: 'book', bookId })}
        empty={<Typography color="text.secondary">{t('posts.bookPostsEmpty')}</Typography>}
      />
    </Box>
  );
}

/** The columns' labels in the reader's language, by column name. */
const columnLabels = (columns: Array<{ name: string; label?: string }>) => Object.fromEntries(columns.flatMap((c) => (c.label ? [[c.name, c.label]] : [])));

/** /mono/{pageid}: a Book as anyone may see it. */
export function MonoRoute() {
  const { t } = useTranslation();
  const bookId = parseId(useParams().pageid);
  const { profile } = useSession();
  // On phones the actions come right under the title, not after the whole Book.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  // The server does not know the screen: its HTML has both places, each shown by CSS on its own
  // screens only, so hydration moves nothing; after it, only the place of this screen is kept.
  const hydrated = useHydrated();
  const actionsUnderTitle = hydrated ? narrow : true;
  const actionsAside = hydrated ? !narrow : true;
  // There the floating buttons step aside while the actions are on screen, so that they never
  // cover the follow button or its neighbours; they come back once the actions scroll away.
  const { ref: actionsRef, inView: actionsOnScreen } = useInView({ initialInView: true });
  const stowFloating = narrow && actionsOnScreen;
  const { data: book, error, isLoading } = api.endpoints.getPageInfo.useQuery({ pageId: bookId ?? 0 }, { skip: bookId === null });
  useRecordView(bookId);

  let body;
  if (bookId === null || isNotFound(error)) body = <Alert severity="info">{t('books.notFound')}</Alert>;
  else if (isLoading) body = <PageSkeleton shape="detail" />;
  else if (!book) body = <Alert severity="error">{t('common.errorGeneric')}</Alert>;
  else {
    body = (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' }, alignItems: 'start' }}>
        <Card component="article" aria-labelledby="book-title">
          <BookCover src={book.img} title={book.title} height={{ xs: 180, sm: 260 }} whole priority />
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="book-title" component="h1" variant="h5" sx={{ fontWeight: 800, wordBreak: 'break-word' }}>
              {book.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              <RelativeTime iso={book.created_on} /> · {t('books.monthlyViews', { count: book.monthly_views })}
            </Typography>
            <ModeratedNotice book={book} />
            <MembersOnlyNotice book={book} />
            {actionsUnderTitle ? (
              <Box ref={actionsRef} sx={hydrated ? undefined : { display: { md: 'none' } }}>
                <BookActions book={book} />
              </Box>
            ) : null}
            <Typography sx={{ mt: 2, wordBreak: 'break-word', whiteSpace: 'pre-wrap' }} aria-label={t('books.summary')}>
              {book.summary}
            </Typography>
            <Contributors files={book.files} myUserId={profile?.userProfile} />
            <BookRating rating={book.rating} reviews={book.post_count} />
            <BookTextSection id="book-goodpoint" title={t('books.goodpoint')} text={book.goodpoint} tone="good" />
            <BookPoints book={book} />
            {book.column_profile?.chart ? <LazyHeadlineChart chart={book.column_profile.chart} labels={columnLabels(book.column_profile.columns)} /> : null}
            {book.column_profile ? <ColumnProfile profile={book.column_profile} /> : null}
            {/* Raw rows only for those who may download the file: a free Book, or one the viewer owns (buyer, contributor). */}
            {book.column_profile && (book.page_price === 0 || book.is_owned) ? <TablePreview bookId={book.id} /> : null}
            <BookTags bookId={book.id} />
          </CardContent>
        </Card>
        {actionsAside ? (
          <Box sx={{ position: 'sticky', top: 88, ...(hydrated ? {} : { display: { xs: 'none', md: 'block' } }) }}>
            <BookActions book={book} />
          </Box>
        ) : null}
        <Box sx={{ minWidth: 0 }}>
          <BookPosts bookId={book.id} />
        </Box>
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <RelatedBooks bookId={book.id} />
        </Box>
      </Box>
    );
  }

  return (
    <PageContainer width="wide" documentTitle={book?.title ?? (isLoading ? t('books.loadingTitle') : t('books.notFound'))} floatingButtons>
      {body}
      {book ? <PostFab loginMessage="Mono20" book={{ id: book.id, title: book.title }} stowed={stowFloating} /> : null}
      <PostDataFab loginMessage="Mono20" stowed={stowFloating} />
    </PageContainer>
  );
}
