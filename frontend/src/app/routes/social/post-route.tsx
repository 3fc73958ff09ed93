import '@/i18n/notifications';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageContainer } from '@/components/page-container';
import { PageSkeleton } from '@/components/page-skeleton';
import { PostCard } from '@/features/posts/components/post-card';
import { postsApi } from '@/features/posts/api';

/** /post/{postId}: one post (where a notification about it leads). */
export function PostRoute() {
  const { t } = useTranslation();
  const { postId } = useParams();
  const id = /^\d{1,10}$/.test(postId ?? '') ? Number(postId) : null;
  const post = postsApi.endpoints.getPost.useQuery({ id: id ?? 0 }, { skip: id === null });
  let body;
  if (id === null || post.isError) body = <Alert severity="info">{t('notifications.post.notFound')}</Alert>;
  else if (!post.data) body = <PageSkeleton shape="detail" />;
  else body = <PostCard post={post.data} />;
  return <PageContainer title={t('notifications.post.title')}>{body}</PageContainer>;
}
