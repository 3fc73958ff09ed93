import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { AdStats } from '@/api/types';
import { adsApi } from '../api';

/** Ad previews are cut to 20 characters (spec §9). */
const PREVIEW = 20;
/** The countdown of spec §9: 50 minus the count modulo 50. */
export const countdown = (cnt: number) => 50 - (cnt % 50);

function status(ad: AdStats): 'statusActive' | 'statusUnpaid' | 'statusEnded' | 'statusHidden' {
  if (!ad.paid) return 'statusUnpaid';
  if (ad.moderated_reason) return 'statusHidden';
  return ad.active ? 'statusActive' : 'statusEnded';
}

/** The user's own ads on /userpage: the remaining count, what was counted and what was refused, and why. */
export function MyAds() {
  const { t } = useTranslation();
  const { data: ads = [] } = adsApi.endpoints.myAdvertisements.useQuery();
  return (
    <Card component="section" aria-labelledby="my-ads-title">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
          <Typography id="my-ads-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('ads.myAds')}
          </Typography>
          <Link component={RouterLink} to="/adapplication">
            {t('ads.title')}
          </Link>
        </Box>
        {ads.length === 0 ? (
          <Typography color="text.secondary">{t('ads.myAdsEmpty')}</Typography>
        ) : (
          <Box component="ul" aria-label={t('ads.myAds')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, mt: 1 }}>
            {ads.map((ad) => (
              <li key={ad.id} data-testid="my-ad">
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600 }}>{ad.content.length > PREVIEW ? `${ad.content.slice(0, PREVIEW)}…` : ad.content}</Typography>
                  <Chip size="small" label={t(`ads.${status(ad)}`)} color={ad.active ? 'success' : 'default'} />
                </Box>
                <Typography variant="body2">{t('ads.remaining', { count: ad.remaining })}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('ads.counted', { views: ad.views, clicks: ad.clicks })}
                  {ad.active ? ` · ${t('ads.countdown', { count: countdown(ad.cnt) })}` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('ads.refused', { repeat: ad.refused.repeat, noOffer: ad.refused.no_offer, rateLimit: ad.refused.rate_limit })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('ads.refusedViews', { count: ad.refused_views.repeat })}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
