import '@/i18n/payments';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import { PageContainer } from '@/components/page-container';

type Row = { label: ParseKeys; value: string };

/** /Notations-SCTA: the notice under the Specified Commercial Transactions Act; the seller's details come from the server's configuration. */
export function NotationsRoute() {
  const { t } = useTranslation();
  const settings = api.endpoints.paymentSettings.useQuery();
  const operator = settings.data?.operator;
  const given = (value: string | undefined) => (value ? value : t('payments.onRequest'));
  const rows: Row[] = [
    { label: 'payments.scta.seller', value: given(operator?.name) },
    { label: 'payments.scta.address', value: given(operator?.address) },
    { label: 'payments.scta.phone', value: given(operator?.phone) },
    { label: 'payments.scta.email', value: given(operator?.email) },
    { label: 'payments.scta.price', value: t('payments.scta.priceBody') },
    { label: 'payments.scta.extraCosts', value: t('payments.scta.extraCostsBody') },
    { label: 'payments.scta.payment', value: t('payments.scta.paymentBody') },
    { label: 'payments.scta.paymentTime', value: t('payments.scta.paymentTimeBody') },
    { label: 'payments.scta.delivery', value: t('payments.scta.deliveryBody') },
    { label: 'payments.scta.returns', value: t('payments.scta.returnsBody') },
  ];
  return (
    <PageContainer title={t('payments.sctaTitle')}>
      <Card>
        <CardContent component="dl" sx={{ m: 0 }}>
          {rows.map((row) => (
            <div key={row.label}>
              <Typography component="dt" sx={{ fontWeight: 700, mt: 2 }}>
                {t(row.label)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, lineHeight: 1.8 }}>
                {row.value}
              </Typography>
            </div>
          ))}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
