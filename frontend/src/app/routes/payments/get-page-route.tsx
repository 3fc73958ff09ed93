import '@/i18n/payments';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { api } from '@/api/api';
import { LoginPrompt } from '@/components/login-prompt';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useSession } from '@/hooks/use-session';
import { formatYen } from '@/utils/books';
import { PendingVoucherNotice, usePendingVoucher } from '@/features/books/components/pending-voucher-notice';
import { leaveSite } from './leave-site';
import { paymentErrorText } from './payment-error';

/** The id of a positive integer query value, or undefined. */
export function idParam(value: string | null): number | undefined {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/** /getpage?pageId={id}: what buying the Book means, and the button that opens Stripe Checkout. */
export function GetPageRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const pageId = idParam(params.get('pageId') ?? params.get('index'));
  const { isLoggedIn } = useSession();
  const book = api.endpoints.getPageInfo.useQuery({ pageId: pageId ?? 0 }, { skip: pageId === undefined });
  const settings = api.endpoints.paymentSettings.useQuery();
  const [createCheckout] = api.endpoints.createCheckoutSession.useMutation();
  const pending = usePendingVoucher(pageId, isLoggedIn && settings.data?.enabled === true);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    if (pageId === undefined) return;
    setError(null);
    setStarting(true);
    const result = await createCheckout({ createCheckoutDto: { SITE_URL: window.location.origin, pageId } });
    if ('data' in result && result.data) {
      leaveSite(result.data.goTo);
      return;
    }
    setStarting(false);
    setError(paymentErrorText(t, 'error' in result ? result.error : undefined));
  };

  let body;
  if (!isLoggedIn) body = <LoginPrompt />;
  else if (pageId === undefined) body = <Alert severity="info">{t('payments.missingBook')}</Alert>;
  else if (book.isLoading || settings.isLoading) body = <LoadingState />;
  else if (!settings.data?.enabled) body = <Alert severity="info">{t('payments.off')}</Alert>;
  else if (!book.data) body = <Alert severity="error">{t('common.errorGeneric')}</Alert>;
  else
    body = (
      <Card>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {book.data.title}
          </Typography>
          <Typography sx={{ fontWeight: 800, fontSize: 28 }} data-testid="checkout-price">
            {formatYen(book.data.page_price)}
          </Typography>
          <Typography>{t('payments.getPageIntro', { price: formatYen(book.data.page_price) })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('payments.konbiniNote')}
          </Typography>
          {error ? <Alert severity="error">{error}</Alert> : null}
          {pending ? (
            <PendingVoucherNotice voucherExpiresAt={pending.voucher_expires_at} voucherUrl={pending.voucher_url} />
          ) : (
            <Button variant="contained" size="large" startIcon={<ShoppingCartOutlined />} onClick={start} disabled={starting}>
              {starting ? t('payments.starting') : t('payments.startCheckout')}
            </Button>
          )}
          <Button component={RouterLink} to={`/mono/${pageId}`}>
            {t('payments.backToBook')}
          </Button>
          <Link component={RouterLink} to="/Notations-SCTA" variant="body2">
            {t('payments.notations')}
          </Link>
        </CardContent>
      </Card>
    );
  return <PageContainer title={t('payments.getPageTitle')}>{body}</PageContainer>;
}
