import { useRenderTime } from '@/hooks/use-render-time';
import '@/i18n/circles';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isNew } from '@/utils/dates';
import { circlePaths, shortDescription } from '../utils/circle-paths';
import { circlesApi } from '../api';

type CircleLike = {
  id: number;
  title: string;
  description?: string;
  caption?: string;
  image?: string | null;
  img?: string | null;
  background_image?: string | null;
  created_on: string;
  member_count?: number;
  newpost_flag?: boolean;
};

/** A circle card: cover, icon, title, short description, member count; "new" for 2 days, a badge for unread posts. */
export function CircleCard({ circle, checkUnread = false }: { circle: CircleLike; checkUnread?: boolean }) {
  const { now: renderNow } = useRenderTime();
  const { t } = useTranslation();
  // Lists without the flag (another user's circles, search results) ask community-new-post/ (false for a non-member).
  const asked = circlesApi.endpoints.getCommunityNewPost.useQuery({ communityid: circle.id }, { skip: !checkUnread || circle.newpost_flag !== undefined });
  const unread = circle.newpost_flag ?? asked.data?.newpost_flag ?? false;
  const icon = circle.image ?? circle.img ?? null;
  const text = circle.description ?? circle.caption ?? '';
  return (
    <Card sx={{ height: '100%' }} data-testid={`circle-card-${circle.id}`}>
      <CardActionArea
        component={RouterLink}
        to={circlePaths.thread(circle.id)}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box
          sx={{
            height: 72,
            bgcolor: 'primary.light',
            backgroundImage: circle.background_image ? `url(${circle.background_image})` : undefined,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        />
        <Box sx={{ display: 'flex', gap: 1.5, p: 2, pt: 0, alignItems: 'flex-end', mt: -3 }}>
          <Box
            component={icon ? 'img' : 'div'}
            src={icon ?? undefined}
            alt={icon ? t('circles.icon', { title: circle.title }) : undefined}
            sx={{ width: 56, height: 56, borderRadius: 2, border: 3, borderColor: 'background.paper', bgcolor: 'grey.200', objectFit: 'cover', flexShrink: 0 }}
          />
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', pb: 0.5 }}>
            {isNew(circle.created_on, renderNow) ? <Chip size="small" color="secondary" label={t('circles.newBadge')} /> : null}
            {unread ? <Chip size="small" color="error" label={t('circles.unreadBadge')} data-testid="unread-badge" /> : null}
          </Box>
        </Box>
        <Box sx={{ px: 2, pb: 2 }}>
          <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {circle.title}
          </Typography>
          {text ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {shortDescription(text)}
            </Typography>
          ) : null}
          {circle.member_count !== undefined ? (
            <Typography variant="caption" color="text.secondary">
              {t('circles.members', { count: circle.member_count })}
            </Typography>
          ) : null}
        </Box>
      </CardActionArea>
    </Card>
  );
}
