import { useRenderTime } from '@/hooks/use-render-time';
import Badge from '@mui/material/Badge';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Profile } from '@/api/types';
import { UserAvatar, displayName } from '@/components/user-avatar';
import { isNew } from '@/utils/dates';

type Props = { profile: Profile; layout?: 'column' | 'row' };

/** A small card linking to /user/{userProfile}, with a "new" badge for 2 days. */
export function ProfileTile({ profile, layout = 'column' }: Props) {
  const { now: renderNow } = useRenderTime();
  const { t } = useTranslation();
  const name = displayName(profile.nickName, t('common.noName'));
  const fresh = isNew(profile.created_on, renderNow);
  const row = layout === 'row';
  return (
    // inline-size containment: a long nickname or caption can never make the tile (or the page) wider.
    <Card sx={{ height: '100%', contain: 'inline-size' }}>
      <CardActionArea
        component={RouterLink}
        to={`/user/${profile.userProfile}`}
        sx={{
          p: 2,
          display: 'flex',
          flexDirection: row ? 'row' : 'column',
          alignItems: 'center',
          justifyContent: row ? 'flex-start' : 'center',
          gap: row ? 2 : 1,
          height: '100%',
        }}
      >
        <Badge color="secondary" badgeContent={fresh ? t('common.new') : undefined} invisible={!fresh} anchorOrigin={{ vertical: 'top', horizontal: 'right' }}>
          <UserAvatar src={profile.img} name={name} size={row ? 48 : 64} />
        </Badge>
        <div style={{ minWidth: 0, flex: row ? '1 1 auto' : undefined, maxWidth: '100%', textAlign: row ? 'left' : 'center' }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap={!row}>
            {profile.caption}
          </Typography>
        </div>
      </CardActionArea>
    </Card>
  );
}
