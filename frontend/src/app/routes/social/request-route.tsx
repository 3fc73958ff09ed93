import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/text-input';
import { InfiniteList } from '@/components/infinite-list';
import { PageSkeleton } from '@/components/page-skeleton';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { displayName } from '@/components/user-avatar';
import { useSession } from '@/hooks/use-session';
import { FollowButton } from '@/features/follows/components/follow-button';
import { FollowRequests } from '@/features/follows/components/follow-requests';
import { PersonRow } from '@/features/follows/components/person-row';
import { profileApi } from '@/features/profile/api';

/** Users by nickname, each with a request button that stays disabled once a request exists. */
function FriendSearch({ me }: { me: number }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const results = profileApi.endpoints.profileSearch.useInfiniteQuery({ q });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };
  return (
    <Box component="section" aria-labelledby="friend-search-title" sx={{ mt: 4 }}>
      <Typography id="friend-search-title" component="h2" variant="h6" sx={{ mb: 1.5, fontWeight: 700 }}>
        {t('follows.friendSearchTitle')}
      </Typography>
      <Box component="form" role="search" onSubmit={onSubmit} sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'center' }}>
        <TextInput
          type="search"
          size="small"
          margin="none"
          fullWidth
          label={t('follows.friendSearchLabel')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="contained">
          {t('follows.search')}
        </Button>
      </Box>
      <InfiniteList
        query={{ ...results, data: results.data && { pages: results.data.pages.map((page) => page.filter((p) => p.userProfile !== me)) } }}
        label={t('follows.friendSearchTitle')}
        getKey={(profile) => profile.id}
        renderItem={(profile) => (
          <PersonRow
            person={profile}
            action={<FollowButton userId={profile.userProfile} name={displayName(profile.nickName, t('common.noName'))} mode="request" />}
          />
        )}
        empty={<Typography color="text.secondary">{t('follows.usersEmpty')}</Typography>}
      />
    </Box>
  );
}

/** /request: follow requests received (approve), and the friend search. */
export function RequestRoute() {
  const { t } = useTranslation();
  const { isLoggedIn, profile } = useSession();
  let body;
  if (!isLoggedIn) body = <LoginPrompt />;
  else if (!profile) body = <PageSkeleton shape="profile" />;
  else
    body = (
      <>
        <FollowRequests me={profile.userProfile} />
        <FriendSearch me={profile.userProfile} />
      </>
    );
  return (
    <PageContainer title={t('follows.requestsTitle')} width="wide">
      {body}
    </PageContainer>
  );
}
