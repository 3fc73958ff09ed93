import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { InfiniteList } from '@/components/infinite-list';
import { displayName } from '@/components/user-avatar';
import { FollowButton } from './follow-button';
import { PersonRow } from './person-row';
import { followsApi } from '../api';

type Props = { userId: number; direction: 'following' | 'followers' };

/** The users `userId` follows, or its followers, as cards with a follow button. */
export function PeopleList({ userId, direction }: Props) {
  const { t } = useTranslation();
  const following = followsApi.endpoints.followedUsers.useInfiniteQuery({ id: userId }, { skip: direction !== 'following' });
  const followers = followsApi.endpoints.followers.useInfiniteQuery({ id: userId }, { skip: direction !== 'followers' });
  const query = direction === 'following' ? following : followers;
  return (
    <InfiniteList
      query={query}
      label={direction === 'following' ? t('follows.followingTitle') : t('follows.followedTitle')}
      getKey={(profile) => profile.id}
      renderItem={(profile) => (
        <PersonRow person={profile} action={<FollowButton userId={profile.userProfile} name={displayName(profile.nickName, t('common.noName'))} />} />
      )}
      empty={<Typography color="text.secondary">{direction === 'following' ? t('follows.followingEmpty') : t('follows.followedEmpty')}</Typography>}
    />
  );
}
