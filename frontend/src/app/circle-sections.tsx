import '@/i18n/circles';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { Circle, CircleJoinRequest } from '@/api/types';
import { InfiniteList } from '@/components/infinite-list';
import { useSnackbar } from '@/hooks/use-snackbar';
import { BookList } from '@/features/books/components/book-list';
import { EmptyState } from '@/features/books/components/empty-state';
import { PersonRow } from '@/features/follows/components/person-row';
import { circlesApi } from '@/features/circles/api';

/* The bookshelf, members and waiting sections of a circle: a chunk of their own, after the header. */

export function Books({ circle }: { circle: Circle }) {
  const { t } = useTranslation();
  const books = circlesApi.endpoints.circleBooks.useInfiniteQuery({ id: circle.id });
  return <BookList query={books} label={t('circles.booksLabel')} empty={<EmptyState message={t('circles.booksEmpty')} />} />;
}

export function Members({ circle }: { circle: Circle }) {
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

export function Waiting({ circle, owner }: { circle: Circle; owner: boolean }) {
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
