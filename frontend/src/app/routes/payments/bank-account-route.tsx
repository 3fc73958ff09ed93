import '@/i18n/payments';
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '@/api/api';
import type { EarningsResponse } from '@/api/generated';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { TextInput } from '@/components/text-input';
import { useSession } from '@/hooks/use-session';
import { formatYen } from '@/utils/books';
import { formatDate } from '@/utils/japan-time';
import { leaveSite } from './leave-site';
import { paymentErrorText } from './payment-error';

/** /bankaccount: payouts through Stripe Connect (onboarding, dashboard) and the owner's earnings. */
export function BankAccountRoute() {
  const { t } = useTranslation();
  const { isLoggedIn, hasNoProfile, isProfileLoading } = useSession();
  const earnings = api.endpoints.getEarnings.useQuery(undefined, { skip: !isLoggedIn });
  let body;
  if (!isLoggedIn) body = <LoginPrompt />;
  else if (earnings.isLoading || isProfileLoading)
    body = (
      <Box role="status" aria-live="polite" sx={{ py: 3 }}>
        <LinearProgress aria-label={t('payments.bankLoading')} />
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('payments.bankLoading')}
        </Typography>
      </Box>
    );
  else if (!earnings.data) body = <Alert severity="error">{t('common.errorGeneric')}</Alert>;
  else body = <Earnings data={earnings.data} hasNoProfile={hasNoProfile} />;
  return (
    <PageContainer title={t('payments.bankTitle')} width="wide">
      {body}
    </PageContainer>
  );
}

function Earnings({ data, hasNoProfile }: { data: EarningsResponse; hasNoProfile: boolean }) {
  const { t } = useTranslation();
  const account = data.account;
  const ready = account?.charges_enabled && account.payouts_enabled;
  // Sales made before payouts were set up: the platform holds them until Stripe confirms the account (issue 41, item 8).
  const held = data.sales.filter((sale) => !sale.transferred);
  const heldCount = held.length;
  const heldAmount = held.reduce((sum, sale) => sum + sale.net, 0);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Card>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography>{t('payments.bankIntro', { percent: data.platform_fee_percent })}</Typography>
          {!data.enabled ? (
            <Alert severity="info">{t('payments.payoutsOff')}</Alert>
          ) : hasNoProfile ? (
            <Alert
              severity="info"
              action={
                <Button component={RouterLink} to="/account" color="inherit">
                  {t('payments.toAccount')}
                </Button>
              }
            >
              {t('payments.needsProfile')}
            </Alert>
          ) : ready ? (
            <>
              <Alert severity="success">{t('payments.onboarded')}</Alert>
              {heldCount > 0 ? (
                <Alert severity="info" role="status">
                  {t('payments.heldSending', { amount: formatYen(heldAmount) })}
                </Alert>
              ) : null}
              <DashboardButton shopId={account.shopId} />
            </>
          ) : (
            <>
              {account ? <Alert severity="warning">{t('payments.notOnboarded')}</Alert> : null}
              {heldCount > 0 ? <HeldExplained count={heldCount} amount={heldAmount} /> : null}
              <OnboardingForm again={account !== null} />
            </>
          )}
        </CardContent>
      </Card>
      <SalesTables data={data} />
    </Box>
  );
}

/** What "held" means, what the seller must do, and what happens once they have. */
function HeldExplained({ count, amount }: { count: number; amount: number }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="held-title">
      <Alert severity="info">
        <Typography id="held-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('payments.heldTitle')}
        </Typography>
        <Typography variant="body2">{t('payments.heldSummary', { count, amount: formatYen(amount) })}</Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('payments.heldWhatToDo')}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('payments.heldWhatNext')}
        </Typography>
      </Alert>
    </Box>
  );
}

function OnboardingForm({ again }: { again: boolean }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [connect, state] = api.endpoints.createConnectAccount.useMutation();
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const result = await connect({ connectAccountDto: { name: name.trim(), email: email.trim() } });
    if ('data' in result && result.data) leaveSite(result.data.url);
    else setError(paymentErrorText(t, 'error' in result ? result.error : undefined));
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextInput label={t('payments.payoutName')} value={name} onChange={(e) => setName(e.target.value)} required autoComplete="name" />
      <TextInput label={t('payments.payoutEmail')} value={email} onChange={(e) => setEmail(e.target.value)} required type="email" autoComplete="email" />
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Button type="submit" variant="contained" disabled={state.isLoading || !name.trim() || !email.trim()}>
        {state.isLoading ? t('payments.settingUp') : again ? t('payments.continueSetup') : t('payments.setupPayouts')}
      </Button>
    </Box>
  );
}

function DashboardButton({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const [getLink, state] = api.endpoints.getLoginLink.useLazyQuery();
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setError(null);
    const result = await getLink({ shopId });
    if (result.data) leaveSite(result.data.url);
    else setError(paymentErrorText(t, result.error));
  };
  return (
    <>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Button variant="outlined" onClick={open} disabled={state.isFetching}>
        {t('payments.dashboard')}
      </Button>
    </>
  );
}

/**
 * The earnings tables keep each figure, date and heading on one line (at 360 px they were squeezed
 * to a character per line: 「¥8 / 00」), but a Book's title wraps; a table wider than the screen is swiped inside its card,
 * never the page. The card is focusable so the keyboard can scroll it too.
 */
const noBreaks = { '& th, & td:not([data-wraps])': { whiteSpace: 'nowrap' } } as const;
const swipeable = (labelledBy: string) => ({ tabIndex: 0, role: 'group', 'aria-labelledby': labelledBy }) as const;

function SalesTables({ data }: { data: EarningsResponse }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Card component="section" aria-labelledby="monthly-title">
        <CardContent>
          <Typography id="monthly-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t('payments.monthlyTitle')}
          </Typography>
          {data.months.length === 0 ? (
            <Typography color="text.secondary">{t('payments.noSales')}</Typography>
          ) : (
            <TableContainer {...swipeable('monthly-title')}>
              <Table size="small" aria-labelledby="monthly-title" sx={noBreaks}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('payments.colMonth')}</TableCell>
                    <TableCell align="right">{t('payments.colNet')}</TableCell>
                    <TableCell align="right">{t('payments.colSales')}</TableCell>
                    <TableCell align="right">{t('payments.colGross')}</TableCell>
                    <TableCell align="right">{t('payments.colPlatformFee')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.months.map((m) => (
                    <TableRow key={m.month}>
                      <TableCell>{m.month}</TableCell>
                      <TableCell align="right">{formatYen(m.net)}</TableCell>
                      <TableCell align="right">{m.sales}</TableCell>
                      <TableCell align="right">{formatYen(m.gross)}</TableCell>
                      <TableCell align="right">{formatYen(m.platform_fee)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="sales-title">
        <CardContent>
          <Typography id="sales-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t('payments.earningsTitle')}
          </Typography>
          {data.sales.length === 0 ? (
            <Typography color="text.secondary">{t('payments.noSales')}</Typography>
          ) : (
            <>
              <TableContainer {...swipeable('sales-title')}>
                <Table size="small" aria-labelledby="sales-title" sx={noBreaks}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('payments.colDate')}</TableCell>
                      <TableCell>{t('payments.colBook')}</TableCell>
                      <TableCell align="right">{t('payments.colNet')}</TableCell>
                      <TableCell align="right">{t('payments.colGross')}</TableCell>
                      <TableCell align="right">{t('payments.colStripeFee')}</TableCell>
                      <TableCell align="right">{t('payments.colPlatformFee')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.sales.map((sale) => (
                      <TableRow key={sale.id}>
                        <TableCell>{formatDate(sale.paid_on, i18n.language)}</TableCell>
                        <TableCell data-wraps sx={{ overflowWrap: 'anywhere', minWidth: '7em' }}>
                          {sale.pageId ? <RouterLink to={`/mono/${sale.pageId}`}>{sale.title}</RouterLink> : sale.title}
                        </TableCell>
                        {/* The seller's share and its state first: on a phone they show without swiping. */}
                        <TableCell align="right">
                          {/* The chip under the amount: a narrower column, so both fit a phone's screen. */}
                          <Box component="span" sx={{ display: 'block' }}>
                            {formatYen(sale.net)}
                          </Box>
                          <Chip
                            size="small"
                            label={sale.transferred ? t('payments.sentChip') : t('payments.held')}
                            color={sale.transferred ? 'success' : 'default'}
                            variant={sale.transferred ? 'outlined' : 'filled'}
                          />
                        </TableCell>
                        <TableCell align="right">{formatYen(sale.gross)}</TableCell>
                        <TableCell align="right">{formatYen(sale.stripe_fee)}</TableCell>
                        <TableCell align="right">{formatYen(sale.platform_fee)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('payments.stripeFeeNote')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('payments.heldNote')}
              </Typography>
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}
