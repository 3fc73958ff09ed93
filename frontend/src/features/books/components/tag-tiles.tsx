import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '@/api/api';
import { HOME_TILES } from '@/utils/books';

/** The first 8 tags of the UI language, each opening its Books on /recommend. */
export function TagTiles() {
  const { t, i18n } = useTranslation();
  const lan = i18n.language === 'ja' ? 'ja' : 'en';
  const { data, isLoading } = api.endpoints.listAttributes.useQuery({ lan, count: 0 });
  const tags = (data ?? []).slice(0, HOME_TILES);
  return (
    <Box component="section" aria-labelledby="home-tags-title" sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="home-tags-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('books.homeTagsTitle')}
        </Typography>
        <Button component={RouterLink} to="/recommend" size="small">
          {t('books.seeAll')}
        </Button>
      </Box>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(150px, 1fr))' },
        }}
      >
        {isLoading
          ? Array.from({ length: HOME_TILES }, (_, i) => (
              <li key={i}>
                <Skeleton variant="rounded" height={56} />
              </li>
            ))
          : tags.map((tag) => (
              <li key={tag.id}>
                <Card sx={{ height: '100%' }}>
                  <CardActionArea
                    component={RouterLink}
                    to={`/recommend?attid=${tag.id}`}
                    sx={{ p: 1.5, display: 'flex', gap: 1, justifyContent: 'flex-start', height: '100%' }}
                  >
                    <LocalOfferOutlined color="primary" fontSize="small" aria-hidden />
                    {/* A tag breaks between words (with a hyphen if it must), never "Employme/nt". */}
                    <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'break-word', hyphens: 'auto' }}>
                      {tag.attributeName}
                    </Typography>
                  </CardActionArea>
                </Card>
              </li>
            ))}
      </Box>
    </Box>
  );
}
