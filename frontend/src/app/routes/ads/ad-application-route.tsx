import { useEffect, useRef, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageContainer } from '@/components/page-container';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { useSession } from '@/hooks/use-session';
import { AdFormDialog } from '@/features/ads/components/ad-form-dialog';
import { adsApi } from '@/features/ads/api';

const QUESTIONS = [
  ['faqHow', 'faqHowBody'],
  ['faqPay', 'faqPayBody'],
  ['faqTags', 'faqTagsBody'],
] as const;

/**
 * The return from payment (`success=true`, `session_id`, `indexAds`): the server asks Stripe
 * about the ad's session (allowAds/), and the page says whether the ad is registered.
 */
function usePaymentReturn(): 'registered' | 'pending' | null {
  const [params, setParams] = useSearchParams();
  const { isLoggedIn } = useSession();
  const [allow] = adsApi.endpoints.allowAds.useMutation();
  const [result, setResult] = useState<'registered' | 'pending' | null>(null);
  const asked = useRef(false);
  const adId = Number(params.get('indexAds'));
  const returning = params.get('success') === 'true' && Boolean(params.get('session_id')) && Number.isInteger(adId) && adId > 0;
  useEffect(() => {
    if (!returning || !isLoggedIn || asked.current) return;
    asked.current = true;
    allow({ adIdDto: { adsId: adId } })
      .unwrap()
      .then((ad) => setResult(ad.paid ? 'registered' : 'pending'))
      .catch(() => setResult('pending'))
      .finally(() => setParams({}, { replace: true }));
  }, [returning, isLoggedIn, adId, allow, setParams]);
  return result;
}

/** /adapplication: how ads work, the apply button (a profile is needed: AdApplication1), the return from payment. */
export function AdApplicationRoute() {
  const { t } = useTranslation();
  const { isLoggedIn, profile, hasNoProfile } = useSession();
  const loginPrompt = useLoginPrompt();
  const [open, setOpen] = useState(false);
  const [noProfile, setNoProfile] = useState(false);
  const paid = usePaymentReturn();

  const apply = () => {
    if (!isLoggedIn) loginPrompt('Header14');
    else if (hasNoProfile || !profile) setNoProfile(true);
    else setOpen(true);
  };

  return (
    <PageContainer title={t('ads.title')} documentTitle={t('ads.title')}>
      {paid === 'registered' ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('ads.registered')}
        </Alert>
      ) : null}
      {paid === 'pending' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('ads.notPaidYet')}
        </Alert>
      ) : null}
      <Typography sx={{ mb: 2 }}>{t('ads.intro')}</Typography>
      <Box sx={{ mb: 3 }}>
        {QUESTIONS.map(([q, a]) => (
          <Accordion key={q} disableGutters>
            <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${q}-content`} id={`${q}-header`}>
              <Typography component="h2" sx={{ fontWeight: 600 }}>
                {t(`ads.${q}`)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails id={`${q}-content`}>
              <Typography>{t(`ads.${a}`)}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
      {noProfile ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to="/account" color="inherit" size="small">
              {t('settings.account')}
            </Button>
          }
        >
          {t('AdApplication1')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" onClick={apply}>
          {t('ads.apply')}
        </Button>
        <Button component={RouterLink} to="/userpage">
          {t('ads.toMyPage')}
        </Button>
      </Box>
      {open ? <AdFormDialog open={open} onClose={() => setOpen(false)} /> : null}
    </PageContainer>
  );
}
