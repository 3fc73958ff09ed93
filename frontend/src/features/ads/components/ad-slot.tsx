import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ServedAd } from '@/api/types';
import { adsApi } from '../api';

/** Where a feed's ads come from: any running ad, or those sharing a Book's tags first. */
export type AdSource = { kind: 'random' } | { kind: 'book'; bookId: number };

/** The ads served for a feed (one request per feed visit: each serving counts an impression). */
export function useServedAds(source: AdSource): ServedAd[] {
  const random = adsApi.endpoints.randomAdvertisements.useQuery(undefined, { skip: source.kind !== 'random' });
  const forBook = adsApi.endpoints.advertisementsForMonopage.useQuery({ id: source.kind === 'book' ? source.bookId : 0 }, { skip: source.kind !== 'book' });
  return (source.kind === 'random' ? random.data : forBook.data) ?? [];
}

/**
 * An affiliate ad's HTML (already kept as links and images by the server) in a sandboxed frame:
 * no script can run in it whatever it holds, and its links open in a new tab.
 */
function AffiliateFrame({ html, title }: { html: string; title: string }) {
  const doc = `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: http:; style-src 'unsafe-inline'"><base target="_blank"><style>body{margin:0;font:14px sans-serif}img{max-width:100%;height:auto}</style>${html}`;
  return (
    <Box
      component="iframe"
      title={title}
      srcDoc={doc}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      sx={{ border: 0, width: '100%', height: 120, display: 'block' }}
    />
  );
}

/** One served ad: the image and text open its url in a new tab, and the click is counted by the server (through its offer). */
export function AdCard({ ad }: { ad: ServedAd }) {
  const { t } = useTranslation();
  const [updateAds] = adsApi.endpoints.updateAds.useMutation();
  const count = () => void updateAds({ updateAdsDto: { adsId: ad.id, offer: ad.offer, updateCnt: ad.cnt + 1 } });
  return (
    <Card component="aside" aria-label={t('ads.label')} variant="outlined" data-testid="ad-slot">
      <CardActionArea
        component="a"
        href={ad.url}
        target="_blank"
        rel="noopener noreferrer sponsored"
        onClick={count}
        onAuxClick={count}
        sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start', gap: 2, p: 1.5 }}
      >
        {ad.img ? (
          <Box
            component="img"
            src={ad.img}
            alt=""
            loading="lazy"
            sx={{ width: { xs: 96, sm: 160 }, height: { xs: 48, sm: 80 }, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
          />
        ) : null}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {t('ads.sponsored')}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{ad.content}</Typography>
        </Box>
      </CardActionArea>
      {ad.is_affiliate && ad.affiliate_html ? <AffiliateFrame html={ad.affiliate_html} title={t('ads.affiliateFrame')} /> : null}
    </Card>
  );
}

/** The `slot`-th ad slot of a feed: the served ads in turn; nothing while there are none. */
export function AdSlot({ source, slot }: { source: AdSource; slot: number }) {
  const ads = useServedAds(source);
  if (!ads.length) return null;
  return <AdCard ad={ads[slot % ads.length]} />;
}

/** A feed's ad slots: after every `every`-th item (5 on home, 3 elsewhere). */
export function adInterleave(every: number, source: AdSource) {
  return { every, render: (slot: number) => <AdSlot source={source} slot={slot} /> };
}
