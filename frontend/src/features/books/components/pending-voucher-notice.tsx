import '@/i18n/payments';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import { formatDateTime } from '@/utils/japan-time';

/**
 * The viewer's konbini voucher for Book `pageId` that waits to be paid (pending-checkout/), or
 * undefined: while it waits, the Book is not offered for sale again (the server refuses a second
 * checkout too). Asked only when `ask` (logged in, a paid Book not owned, payments on).
 */
export function usePendingVoucher(pageId: number | undefined, ask: boolean) {
  const pending = api.endpoints.pendingCheckout.useQuery({ pageId: pageId ?? 0 }, { skip: !ask || pageId === undefined, refetchOnMountOrArgChange: true });
  return pending.data?.pending ? pending.data : undefined;
}

type Props = { voucherExpiresAt: string | null; voucherUrl: string | null };

/** "Payment pending until … (Japan time)" and the link to the voucher, in place of the buy button. */
export function PendingVoucherNotice({ voucherExpiresAt, voucherUrl }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Alert severity="info" data-testid="pending-voucher">
        {voucherExpiresAt ? t('payments.pendingUntil', { date: formatDateTime(voucherExpiresAt, i18n.language) }) : t('payments.pendingNoExpiry')}
      </Alert>
      {voucherUrl ? (
        <Button variant="contained" href={voucherUrl} target="_blank" rel="noopener noreferrer" startIcon={<ReceiptLongOutlined />} fullWidth>
          {t('payments.showVoucher')}
        </Button>
      ) : null}
    </>
  );
}
