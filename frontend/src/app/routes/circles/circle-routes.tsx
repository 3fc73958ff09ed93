import '@/i18n/circles';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { circlesApi } from '@/api/circles-api';
import type { Circle, CircleJoinRequest } from '@/api/circles-api';
import { InfiniteList } from '@/components/infinite-list';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { PostDataFab } from '@/components/post-data-fab';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { isNotFound } from '@/utils/api-error';
import { BookList } from '@/features/books/components/book-list';
import { EmptyState } from '@/features/books/components/empty-state';
import { CircleHeader } from '@/features/circles/components/circle-header';
import { CircleTabs } from '@/features/circles/components/circle-tabs';
import { MembersOnly } from '@/features/circles/components/members-only';
import { PersonRow } from '@/features/follows/components/person-row';
import { PostFab } from '@/features/posts/components/post-fab';
import { PostFeed } from '@/features/posts/components/post-feed';

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
      {membersOnly && !member ? <MembersOnly visitor={!isLoggedIn} /> : <SectionView circle={data} member={member} owner={owner} />}
      {member ? (
        <>
          <PostFab loginMessage="Header14" circle={{ id: data.id, title: data.title }} />
          <PostDataFab circle={{ id: data.id, title: data.title }} onUploaded={() => undefined} />
        </>
      ) : null}
    </PageContainer>
  );
}

function Thread({ circle }: { circle: Circle }) {
  const { t } = useTranslation();
  const posts = circlesApi.endpoints.circlePosts.useInfiniteQuery({ id: circle.id });
  return (
    <Box>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('circles.tabThread')}
      </Typography>
      <PostFeed query={posts} label={t('circles.threadLabel')} empty={<EmptyState message={t('circles.threadEmpty')} />} />
    </Box>
  );
}

function Books({ circle }: { circle: Circle }) {
  const { t } = useTranslation();
  const books = circlesApi.endpoints.circleBooks.useInfiniteQuery({ id: circle.id });
  return <BookList query={books} label={t('circles.booksLabel')} empty={<EmptyState message={t('circles.booksEmpty')} />} />;
}

function Members({ circle }: { circle: Circle }) {
  const { t } = useTranslation();
  const members = circlesApi.endpoints.circleMembers.useInfiniteQuery({ id: circle.id });
  return (
    <InfiniteList
      query={members}
      label={t('circles.membersLabel')}
      minItemWidth={260}
      getKey={(person) => person.id}
      renderItem={(person) => (
        <PersonRow person={person} badge={person.userProfile === circle.owner ? <Chip size="small" color="primary" label={t('circles.owner')} /> : null} />
      )}
      empty={<EmptyState message={t('circles.membersEmpty')} />}
    />
  );
}

function ApproveButton({ circleId, request }: { circleId: number; request: CircleJoinRequest }) {
  const { t } = useTranslation();
  const showSnack = useSnackbar();
  const [approve, { isLoading, isSuccess }] = circlesApi.endpoints.approveJoinRequest.useMutation();
  const onApprove = async () => {
    try {
      await approve({ id: circleId, userProfile: request.userProfile }).unwrap();
      showSnack(t('circles.approved'));
    } catch {
      showSnack(t('circles.approveFailed'), 'error');
    }
  };
  return (
    <Button variant="contained" size="small" disabled={isLoading || isSuccess} onClick={() => void onApprove()}>
      {t('circles.approve')}
    </Button>
  );
}

function Waiting({ circle, owner }: { circle: Circle; owner: boolean }) {
  const { t } = useTranslation();
  const requests = circlesApi.endpoints.circleJoinRequests.useInfiniteQuery({ id: circle.id }, { skip: !owner });
  if (!owner) return <Alert severity="info">{t('circles.waitingOwnerOnly')}</Alert>;
  return (
    <InfiniteList
      query={requests}
      label={t('circles.waitingLabel')}
      minItemWidth={260}
      getKey={(request) => request.id}
      renderItem={(request) => (
        <PersonRow
          person={{ userProfile: request.userProfile, nickName: request.profile?.nickName, img: request.profile?.img ?? null }}
          action={<ApproveButton circleId={circle.id} request={request} />}
        />
      )}
      empty={<EmptyState message={t('circles.waitingEmpty')} />}
    />
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
