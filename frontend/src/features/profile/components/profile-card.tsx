import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import type { Profile } from '@/api/types';
import { RelativeTime } from '@/components/relative-time';
import { UserAvatar, displayName } from '@/components/user-avatar';

type Props = { profile: Profile; action?: ReactNode };

export function ProfileCard({ profile, action }: Props) {
  const { t } = useTranslation();
  const name = displayName(profile.nickName, t('common.noName'));
  return (
    <Card>
      <Box
        sx={{
          height: { xs: 120, sm: 160 },
          bgcolor: 'primary.light',
          backgroundImage: profile.imgBackground ? `url(${profile.imgBackground})` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
        role={profile.imgBackground ? 'img' : undefined}
        aria-label={profile.imgBackground ? t('common.backgroundOf', { name }) : undefined}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', mt: -5, gap: 2 }}>
          <Box sx={{ border: 4, borderColor: 'background.paper', borderRadius: '50%' }}>
            <UserAvatar src={profile.img} name={name} size={88} />
          </Box>
          {action}
        </Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mt: 1, wordBreak: 'break-word' }}>
          {name}
        </Typography>
        <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {profile.caption || t('profile.noCaption')}
        </Typography>
        {profile.description ? <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{profile.description}</Typography> : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          <Trans i18nKey="common.joined" components={{ time: <RelativeTime iso={profile.created_on} /> }} />
        </Typography>
      </CardContent>
    </Card>
  );
}
