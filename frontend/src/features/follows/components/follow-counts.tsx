import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { followsApi } from '../api';

type Props = { userId: number; own: boolean };

/** Following, followers and circles of a user; the first two link to their lists. */
export function FollowCounts({ userId, own }: Props) {
  const { t } = useTranslation();
  const { data } = followsApi.endpoints.getFollowCounts.useQuery({ id: userId });
  const counts = data ?? { following_count: 0, followed_count: 0, community_count: 0 };
  const items = [
    { label: t('follows.followingCount'), value: counts.following_count, to: own ? '/following' : `/userfollowing?user_id=${userId}` },
    { label: t('follows.followedCount'), value: counts.followed_count, to: own ? '/followed' : `/userfollowed?user_id=${userId}` },
    { label: t('follows.circleCount'), value: counts.community_count, to: own ? '/communitylist' : `/usercommunitylist?user_id=${userId}` },
  ];
  return (
    <Box
      component="ul"
      aria-label={t('follows.countsLabel')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: `repeat(${items.length}, minmax(0, 1fr))`, gap: 1 }}
    >
      {items.map((item) => {
        const content = (
          <>
            <Typography component="span" sx={{ display: 'block', fontWeight: 800, fontSize: '1.25rem' }} data-testid={`count-${item.label}`}>
              {item.value}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary">
              {item.label}
            </Typography>
          </>
        );
        return (
          <Box component="li" key={item.label} sx={{ textAlign: 'center', p: 1, borderRadius: 2, bgcolor: 'action.hover' }}>
            {item.to ? (
              <Link component={RouterLink} to={item.to} underline="hover" color="inherit" sx={{ display: 'block' }}>
                {content}
              </Link>
            ) : (
              content
            )}
          </Box>
        );
      })}
    </Box>
  );
}
