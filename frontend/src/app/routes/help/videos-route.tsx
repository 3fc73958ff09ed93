import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '@/api/api';
import { HelpVideo } from '@/components/help/help-video';
import { PageContainer } from '@/components/page-container';

/**
 * /videos: the intro and the how-to of the current language. Without either, the walkthrough
 * once (not twice); with one, the other's place shows the walkthrough.
 */
export function VideosRoute() {
  const { t, i18n } = useTranslation();
  const { data } = api.endpoints.helpVideos.useQuery();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const none = data !== undefined && !data.intro[language] && !data.howto[language];
  return (
    <PageContainer title={t('help.videosTitle')} width="wide">
      {none ? null : (
        <>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
            {t('help.introHeading')}
          </Typography>
          <HelpVideo which="intro" variant="stepper" />
        </>
      )}
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: none ? 0 : 4, mb: 1.5 }}>
        {t('help.howtoHeading')}
      </Typography>
      <HelpVideo which="howto" />
      <Typography sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/howto">
          {t('help.howtoTitle')}
        </Link>
      </Typography>
    </PageContainer>
  );
}
