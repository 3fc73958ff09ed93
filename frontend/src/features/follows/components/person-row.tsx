import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { UserAvatar, displayName } from '@/components/user-avatar';

type Person = { userProfile: number | null; nickName?: string; title?: string; caption?: string; img: string | null };

type Props = {
  person: Person;
  /** Where the name links to; a user's page by default. */
  to?: string;
  badge?: ReactNode;
  action?: ReactNode;
};

const wrap = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

/** A user (or circle) card: avatar, name linking to the page, caption, and an action. */
export function PersonRow({ person, to, badge, action }: Props) {
  const { t } = useTranslation();
  const name = displayName(person.nickName ?? person.title, t('common.noName'));
  const href = to ?? (person.userProfile !== null ? `/user/${person.userProfile}` : undefined);
  return (
    <Card sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <UserAvatar src={person.img} name={name} size={48} />
      <Box sx={{ flex: '1 1 140px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {href ? (
            <Link component={RouterLink} to={href} sx={{ fontWeight: 700, ...wrap }}>
              {name}
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 700, ...wrap }}>{name}</Typography>
          )}
          {badge}
        </Box>
        {person.caption ? (
          <Typography variant="body2" color="text.secondary" sx={wrap}>
            {person.caption}
          </Typography>
        ) : null}
      </Box>
      {action ? <Box sx={{ flexShrink: 0 }}>{action}</Box> : null}
    </Card>
  );
}
