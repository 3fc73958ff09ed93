import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { BookFile } from '@/api/types';
import { UserAvatar } from '@/components/user-avatar';

type Props = { files: BookFile[]; myUserId: number | undefined };

/** The people whose data the Book is made of, each linking to their page. */
export function Contributors({ files, myUserId }: Props) {
  const { t } = useTranslation();
  const people = files.map((file) => file.profile).filter((profile, index, all) => all.findIndex((other) => other.userId === profile.userId) === index);
  if (people.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary">
        {t('books.contributors')}
      </Typography>
      {people.map((person, index) => {
        const name = person.nickName ?? t('books.contributor', { number: index + 1 });
        const to = person.userId === myUserId ? '/userpage' : `/user/${person.userId}`;
        return (
          <IconButton key={person.userId} component={RouterLink} to={to} aria-label={name} size="small">
            <UserAvatar src={person.img} name={name} size={36} />
          </IconButton>
        );
      })}
    </Box>
  );
}
