import '@/i18n/social';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { socialApi } from '@/api/social-api';
import { PostFeed } from './post-feed';

/** The timeline: own posts, followed users and followed Books (every post for a visitor). */
export function HomeFeed() {
  const { t } = useTranslation();
  const query = socialApi.endpoints.homePosts.useInfiniteQuery();
  return (
    <Box component="section" aria-labelledby="home-feed-title" sx={{ mt: 4 }}>
      <Typography id="home-feed-title" component="h2" variant="h6" sx={{ mb: 1.5, fontWeight: 700 }}>
        {t('posts.feedTitle')}
      </Typography>
      <PostFeed
        query={query}
        label={t('posts.feedLabel')}
        loginMessage="Home3"
        empty={
          <Typography color="text.secondary">
            {t('posts.feedEmpty')}{' '}
            <Link component={RouterLink} to="/recommenduser">
              {t('posts.feedEmptyLink')}
            </Link>
          </Typography>
        }
      />
    </Box>
  );
}

