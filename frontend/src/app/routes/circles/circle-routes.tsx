import '@/i18n/circles';
import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Circle } from '@/api/types';
import { adInterleave } from '@/features/ads/components/ad-slot';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { PostDataFab } from '@/features/uploads/components/post-data-fab';
import { useSession } from '@/hooks/use-session';
import { isNotFound } from '@/utils/api-error';
import { EmptyState } from '@/features/books/components/empty-state';
import { CircleHeader } from '@/features/circles/components/circle-header';
import { CircleTabs } from '@/features/circles/components/circle-tabs';
import { MembersOnly } from '@/features/circles/components/members-only';
import { PostFab } from '@/features/posts/components/post-fab';
import { LazyPostFeed } from '@/features/posts/components/lazy-post-feed';
import { circlesApi } from '@/features/circles/api';

function useCircleId(): number | null {
  const { communityid } = useParams();
  const id = Number(communityid);
  return Number.isInteger(id) && id > 0 ? id : null;
}

type Section = (props: { circle: Circle; member: boolean; owner: boolean }) => ReactNode;

/** The circle's header and tabs around one section; non-members get the blurred shortcuts instead. */
function CircleScreen({ section: SectionView, membersOnly = true }: { section: Section; membersOnly?: boolean }) {
  const { t } = useTranslation();
  const id = useCircleId();
  const { isLoggedIn, profile } = useSession();
  const circle = circlesApi.endpoints.getCommunity.useQuery({ id: id ?? 0 }, { skip: id === null });
  // The token decides the answer: asked again after a login (the cache is reset then).
  const status = circlesApi.endpoints.getCommunityStatus.useQuery({ id: id ?? 0 }, { skip: id === null });
  if (id === null || isNotFound(circle.error)) {
    return (
      <PageContainer title={t('circles.notFound')}>
        <Button component={RouterLink} to="/communitylist" variant="contained">
          {t('circles.toList')}
        </Button>
      </PageContainer>
    );
  }
  if (circle.isError) {
    return (
      <PageContainer documentTitle={t('circles.listTitle')}>
        <Alert severity="error">{t('circles.error')}</Alert>
      </PageContainer>
    );
  }
  if (!circle.data || !status.data) return <LoadingState />;
  const data = circle.data;
  const member = status.data.status === 'member';
  const owner = isLoggedIn && profile !== undefined && profile.userProfile === data.owner;
  return (
    <PageContainer width="wide" documentTitle={data.title} floatingButtons={member}>
      <CircleHeader circle={data} status={status.data.status} invitationId={status.data.invitation_id} />
      <CircleTabs circleId={data.id} owner={owner} />
      {membersOnly && !member ? (
        <MembersOnly visitor={!isLoggedIn} />
      ) : (
        <Suspense fallback={<LoadingState />}>
          <SectionView circle={data} member={member} owner={owner} />
        </Suspense>
      )}
      {member ? (
        <>
          <PostFab loginMessage="Header14" circle={{ id: data.id, title: data.title }} />
          <PostDataFab circle={{ id: data.id, title: data.title }} onUploaded={() => undefined} />
        </>
      ) : null}
    </PageContainer>
  );
}

/** Ads after every 3rd post of the thread, as on user pages and Book pages (spec §9). */
const THREAD_ADS = adInterleave(3, { kind: 'random' });

const Books = lazy(() => import('../../circle-sections').then((module) => ({ default: module.Books })));
const Members = lazy(() => import('../../circle-sections').then((module) => ({ default: module.Members })));
const Waiting = lazy(() => import('../../circle-sections').then((module) => ({ default: module.Waiting })));

function Thread({ circle }: { circle: Circle }) {
  const { t } = useTranslation();
  const posts = circlesApi.endpoints.circlePosts.useInfiniteQuery({ id: circle.id });
  return (
    <Box>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('circles.tabThread')}
      </Typography>
      <LazyPostFeed query={posts} label={t('circles.threadLabel')} interleave={THREAD_ADS} empty={<EmptyState message={t('circles.threadEmpty')} />} />
    </Box>
  );
}

/** /communitypage/{id}: the thread (members only). */
export function CircleThreadRoute() {
  return <CircleScreen section={Thread} />;
}
/** /communitypagebook/{id}: the bookshelf. */
export function CircleBooksRoute() {
  return <CircleScreen section={Books} />;
}
/** /communitypagemember/{id}: the members. */
export function CircleMembersRoute() {
  return <CircleScreen section={Members} />;
}
/** /communitypagewaiting/{id}: join requests with approve buttons (the owner). */
export function CircleWaitingRoute() {
  return <CircleScreen section={Waiting} membersOnly={false} />;
}
