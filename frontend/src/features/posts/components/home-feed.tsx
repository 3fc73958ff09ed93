import type { ComponentProps } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PostFeed } from './post-feed';
import { postsApi } from '../api';

/** The timeline: own posts, followed users and followed Books (every post for a visitor). */
export function HomeFeed({ interleave }: Pick<ComponentProps<typeof PostFeed>, 'interleave'> = {}) {
  const { t } = useTranslation();
  const result = postsApi.endpoints.homePosts.useInfiniteQuery();
  // A post and a repost of it (the user's own, or a followed user's) are one entry: the original
  // shows the repost as its count and, for the user's own, as the pressed repost button.
  const shown = new Set(result.data?.pages.flatMap((page) => page.filter((post) => !post.reposting).map((post) => post.id)));
  const query = result.data
    ? {
        ...result,
        data: {
          ...result.data,
          pages: result.data.pages.map((page) => page.filter((post) => !(post.reposting && post.repostingFrom !== null && shown.has(post.repostingFrom)))),
        },
      }
    : result;
  return (
    <Box component="section" aria-labelledby="home-feed-title" sx={{ mt: 4 }}>
      <Typography id="home-feed-title" component="h2" variant="h6" sx={{ mb: 1.5, fontWeight: 700 }}>
        {t('posts.feedTitle')}
      </Typography>
      <PostFeed
        query={query}
        label={t('posts.feedLabel')}
        loginMessage="Home3"
        interleave={interleave}
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
