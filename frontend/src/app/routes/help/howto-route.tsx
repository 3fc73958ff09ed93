import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { HelpVideo } from '@/components/help/help-video';
import { PageContainer } from '@/components/page-container';

const GUIDE = [
  { key: 'home', to: '/home' },
  { key: 'recommend', to: '/recommend' },
  { key: 'recommenduser', to: '/recommenduser' },
] as const;

/** /howto (spec §2): the how-to video of the current language, and where to start. */
export function HowtoRoute() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('help.howtoTitle')} width="wide">
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('help.howtoHeading')}
      </Typography>
      <HelpVideo which="howto" />
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: 4, mb: 1.5 }}>
        {t('help.guideHeading')}
      </Typography>
      <Box>
        {GUIDE.map(({ key, to }, i) => (
          <Accordion key={key} defaultExpanded={i === 0} disableGutters>
            <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`howto-${key}-content`} id={`howto-${key}-header`}>
              <Typography sx={{ fontWeight: 600 }}>{t(`help.guide.${key}.title`)}</Typography>
            </AccordionSummary>
            <AccordionDetails id={`howto-${key}-content`}>
              <Typography color="text.secondary" sx={{ lineHeight: 1.8, mb: 1.5 }}>
                {t(`help.guide.${key}.text`)}
              </Typography>
              <Button component={RouterLink} to={to} variant="outlined">
                {t(`help.guide.${key}.link`)}
              </Button>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
      <Typography sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/videos">
          {t('help.moreVideos')}
        </Link>
      </Typography>
    </PageContainer>
  );
}
