import Alert from '@mui/material/Alert';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { api } from '@/api/api';
import { PageSkeleton } from '@/components/page-skeleton';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { displayName } from '@/components/user-avatar';
import { useSession } from '@/hooks/use-session';
import { PeopleList } from '@/features/follows/components/people-list';

type Props = { direction: 'following' | 'followers'; /** /userfollowing and /userfollowed read user_id. */ ofOther: boolean };

/** /following, /followed (own) and /userfollowing, /userfollowed (?user_id=): profile cards with tabs. */
export function FollowListRoute({ direction, ofOther }: Props) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { isLoggedIn, profile } = useSession();
  const otherId = Number(params.get('user_id'));
  const validOther = Number.isInteger(otherId) && otherId > 0;
  const other = api.endpoints.getProfileDetail.useQuery({ id: otherId }, { skip: !ofOther || !validOther });
  const userId = ofOther ? (validOther ? otherId : null) : (profile?.userProfile ?? null);
  const name = displayName(other.data?.nickName, t('common.noName'));
  const title = ofOther
    ? direction === 'following'
      ? t('follows.userFollowingTitle', { name })
      : t('follows.userFollowedTitle', { name })
    : direction === 'following'
      ? t('follows.followingTitle')
      : t('follows.followedTitle');
  const tabs = ofOther
    ? [
        { to: `/userfollowing?user_id=${otherId}`, value: 'following', label: t('follows.followingTitle') },
        { to: `/userfollowed?user_id=${otherId}`, value: 'followers', label: t('follows.followedTitle') },
      ]
    : [
        { to: '/following', value: 'following', label: t('follows.followingTitle') },
        { to: '/followed', value: 'followers', label: t('follows.followedTitle') },
      ];

  let body;
  if (ofOther && !validOther) body = <Alert severity="info">{t('follows.missingUser')}</Alert>;
  else if (!ofOther && !isLoggedIn) body = <LoginPrompt />;
  else if (userId === null) body = <PageSkeleton shape="profile" />;
  else body = <PeopleList userId={userId} direction={direction} />;

  return (
    <PageContainer title={title} width="wide">
      {userId !== null ? (
        <Tabs value={direction} component="nav" aria-label={t('follows.listTabs')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
          {tabs.map((tab) => (
            <Tab
              key={tab.value}
              value={tab.value}
              label={tab.label}
              component={RouterLink}
              to={tab.to}
              aria-current={tab.value === direction ? 'page' : undefined}
            />
          ))}
        </Tabs>
      ) : null}
      {body}
    </PageContainer>
  );
}

export const FollowingRoute = () => <FollowListRoute direction="following" ofOther={false} />;
export const FollowedRoute = () => <FollowListRoute direction="followers" ofOther={false} />;
export const UserFollowingRoute = () => <FollowListRoute direction="following" ofOther />;
export const UserFollowedRoute = () => <FollowListRoute direction="followers" ofOther />;
