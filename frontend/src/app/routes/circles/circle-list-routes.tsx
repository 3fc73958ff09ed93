import '@/i18n/circles';
import { Suspense, lazy, useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddCircleOutlined from '@mui/icons-material/AddCircleOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { InfiniteList } from '@/components/infinite-list';
import type { PagedQuery } from '@/components/infinite-list';
import { PageContainer } from '@/components/page-container';
import { TextInput } from '@/components/text-input';
import { displayName } from '@/components/user-avatar';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { EmptyState } from '@/features/books/components/empty-state';
import { CircleCard } from '@/features/circles/components/circle-card';
import { circlePaths } from '@/features/circles/utils/circle-paths';
import { PersonRow } from '@/features/follows/components/person-row';
import { circlesApi } from '@/features/circles/api';
import { followsApi } from '@/features/follows/api';
import { api } from '@/api/api';

// The create dialog (form, image work) loads when first opened.
const CreateCircleDialog = lazy(() => import('@/features/circles/components/create-circle-dialog').then((module) => ({ default: module.CreateCircleDialog })));

type CardCircle = Parameters<typeof CircleCard>[0]['circle'];

/** Search results: user and circle cards (combinedsearch/). */
function SearchResults({ q }: { q: string }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const results = followsApi.endpoints.discover.useInfiniteQuery({ q });
  return (
    <InfiniteList
      query={results}
      label={t('circles.searchResults')}
      minItemWidth={260}
      getKey={(item) => `${item.type}-${item.id}`}
      renderItem={(item) =>
        item.type === 'community' ? (
          <CircleCard circle={{ id: item.id, title: item.title, caption: item.caption, img: item.img, created_on: item.created_on }} checkUnread={isLoggedIn} />
        ) : (
          <PersonRow person={{ userProfile: item.userProfile, title: item.title, caption: item.caption, img: item.img }} />
        )
      }
      empty={<EmptyState message={t('circles.searchEmpty')} />}
    />
  );
}

/** The shared screen: search box, create button, and the circles (or search results). */
function CircleDiscovery({ title, heading, circles, empty }: { title: string; heading: string; circles: PagedQuery<CardCircle> | null; empty: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLoggedIn, profile } = useSession();
  const promptLogin = useLoginPrompt();
  const showSnack = useSnackbar();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    const next = new URLSearchParams(params);
    if (text) next.set('q', text);
    else next.delete('q');
    setParams(next);
  };
  const onCreate = () => {
    if (!isLoggedIn) promptLogin('circles.loginToCreate');
    else if (!profile) showSnack(t('books.needProfile'), 'info');
    else {
      setOpened(true);
      setCreating(true);
    }
  };

  return (
    <PageContainer title={title} width="wide">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('circles.listIntro')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mb: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box component="form" role="search" onSubmit={onSubmit} sx={{ display: 'flex', gap: 1, alignItems: 'center', flex: '1 1 280px' }}>
          <TextInput
            type="search"
            size="small"
            margin="none"
            fullWidth
            label={t('circles.searchLabel')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" variant="contained">
            {t('circles.search')}
          </Button>
        </Box>
        <Button variant="outlined" startIcon={<AddCircleOutlined />} onClick={onCreate}>
          {t('circles.create')}
        </Button>
      </Box>
      {q ? (
        <SearchResults q={q} />
      ) : circles ? (
        <>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {heading}
          </Typography>
          <InfiniteList
            query={circles}
            label={heading}
            minItemWidth={240}
            getKey={(circle) => circle.id}
            renderItem={(circle) => <CircleCard circle={circle} checkUnread={isLoggedIn} />}
            empty={<EmptyState message={empty} />}
          />
        </>
      ) : (
        <SearchResults q="" />
      )}
      {opened ? (
        <Suspense fallback={null}>
          <CreateCircleDialog open={creating} onClose={() => setCreating(false)} onCreated={(circle) => navigate(circlePaths.thread(circle.id))} />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}

/** /communitylist: the user's own circles (unread badges), search, create; a visitor gets the search grid. */
export function CircleListRoute() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  // Asked again on each visit: opening a thread clears its unread flag.
  const mine = circlesApi.endpoints.myCircles.useInfiniteQuery(undefined, { skip: !isLoggedIn, refetchOnMountOrArgChange: true });
  return <CircleDiscovery title={t('circles.listTitle')} heading={t('circles.myCircles')} circles={isLoggedIn ? mine : null} empty={t('circles.listEmpty')} />;
}

/** /usercommunitylist?user_id=: another user's circles. */
export function UserCircleListRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const userId = Number(params.get('user_id'));
  const valid = Number.isInteger(userId) && userId > 0;
  const theirs = circlesApi.endpoints.userCircles.useInfiniteQuery({ userId }, { skip: !valid });
  const person = api.endpoints.getUserProfile.useQuery({ userId }, { skip: !valid });
  const name = person.data ? displayName(person.data.nickName, '') : '';
  return (
    <CircleDiscovery
      title={name ? t('circles.userListTitle', { name }) : t('circles.userListTitleNoName')}
      heading={t('circles.userCircles')}
      circles={valid ? theirs : null}
      empty={t('circles.userListEmpty')}
    />
  );
}
