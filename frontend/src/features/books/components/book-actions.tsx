import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import BookmarkAdded from '@mui/icons-material/BookmarkAdded';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import '@/i18n/payments';
import { api } from '@/api/api';
import type { Book } from '@/api/types';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { formatYen } from '@/utils/books';
import { PendingVoucherNotice, usePendingVoucher } from './pending-voucher-notice';
import { useBookFollow } from '../hooks/use-book-follow';

type Props = { book: Book };

/** Price box, follow, copy-link, and the manage / get / buy button of a Book page. */
export function BookActions({ book }: Props) {
  const { t } = useTranslation();
  const showSnack = useSnackbar();
  const promptLogin = useLoginPrompt();
  const { isLoggedIn, profile } = useSession();
  const { followed, owned: ownedByStatus, busy, toggle } = useBookFollow(book.id);
  const [takeBook, takeState] = api.endpoints.takeOwningPage.useMutation();
  const navigate = useNavigate();
  const free = book.page_price === 0;
  const paymentSettings = api.endpoints.paymentSettings.useQuery(undefined, { skip: free });
  const paymentsOn = paymentSettings.data?.enabled === true;
  const myUserId = profile?.userProfile;
  const contributor = myUserId !== undefined && book.files.some((file) => file.profile.userId === myUserId);
  const owned = book.is_owned || ownedByStatus || contributor;
  const pending = usePendingVoucher(book.id, isLoggedIn && !owned && !free && paymentsOn);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      showSnack(t('books.linkCopied'), 'success');
    } catch {
      showSnack(t('books.copyFailed'), 'error');
    }
  };

  const getBook = async () => {
    if (!isLoggedIn) {
      promptLogin('Mono20');
      return;
    }
    if (!book.encrypted_pageId) {
      showSnack(t('books.getFailed'), 'error');
      return;
    }
    const result = await takeBook({ owningPageDto: { encrypted_pageId: book.encrypted_pageId } });
    showSnack('error' in result ? t('books.getFailed') : t('books.gotBook'), 'error' in result ? 'error' : 'success');
  };

  let main;
  if (owned) {
    main = (
      <Button component={RouterLink} to={`/owningpage/${book.id}`} variant="contained" startIcon={<FolderOpenOutlined />} fullWidth>
        {t('books.manage')}
      </Button>
    );
  } else if (free) {
    main = (
      <Button onClick={getBook} variant="contained" startIcon={<LibraryAddOutlined />} disabled={takeState.isLoading} fullWidth>
        {t('books.getBook')}
      </Button>
    );
  } else if (paymentsOn && pending) {
    main = <PendingVoucherNotice voucherExpiresAt={pending.voucher_expires_at} voucherUrl={pending.voucher_url} />;
  } else if (paymentsOn) {
    main = (
      <Button
        onClick={() => (isLoggedIn ? navigate(`/getpage?pageId=${book.id}`) : promptLogin('Mono20'))}
        variant="contained"
        startIcon={<ShoppingCartOutlined />}
        fullWidth
      >
        {t('books.buy')}
      </Button>
    );
  } else {
    main = (
      <>
        <Button variant="contained" startIcon={<ShoppingCartOutlined />} disabled fullWidth aria-describedby="buy-unavailable">
          {t('books.buy')}
        </Button>
        {paymentSettings.isLoading ? null : (
          <Typography id="buy-unavailable" variant="body2" color="text.secondary">
            {t('payments.off')}
          </Typography>
        )}
      </>
    );
  }

  return (
    <Card component="section" aria-labelledby="price-box-title" variant="outlined" sx={{ mt: 3 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography id="price-box-title" component="h2" variant="body2" color="text.secondary">
            {t('books.price')}
          </Typography>
          <Typography sx={{ fontWeight: 800, fontSize: 24 }} data-testid="book-price">
            {free ? t('books.free') : formatYen(book.page_price)}
          </Typography>
        </Box>
        {main}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            onClick={toggle}
            disabled={busy}
            variant={followed ? 'contained' : 'outlined'}
            color="primary"
            startIcon={followed ? <BookmarkAdded /> : <BookmarkAddOutlined />}
            aria-pressed={followed}
            sx={{ flex: '1 1 140px' }}
          >
            {followed ? t('books.unfollow') : t('books.follow')}
          </Button>
          <Button onClick={copyLink} variant="outlined" startIcon={<LinkOutlined />} sx={{ flex: '1 1 140px' }}>
            {t('books.copyLink')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
