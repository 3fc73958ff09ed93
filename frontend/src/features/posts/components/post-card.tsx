import '@/i18n/safety';
import { useSession } from '@/hooks/use-session';
import { Suspense, lazy, useState } from 'react';
import type { ParseKeys } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Repeat from '@mui/icons-material/Repeat';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Post } from '@/api/types';
import { RelativeTime } from '@/components/relative-time';
import { UserAvatar, displayName } from '@/components/user-avatar';
import { usePostActions } from '../hooks/use-post-actions';
// Comments, the delete confirmation and the edit dialog load when first opened.
const PostComposerDialog = lazy(() => import('./post-composer-dialog').then((module) => ({ default: module.PostComposerDialog })));
const CommentThread = lazy(() => import('./comment-thread').then((module) => ({ default: module.CommentThread })));
const ConfirmDialog = lazy(() => import('@/components/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })));
import { wrapAnywhere } from './wrap';

// Block, mute and report (menu and dialogs) load when a card or page first shows them: outside the first-load budget.
const LazySafetyMenu = lazy(() => import('@/components/safety/user-safety-menu').then((m) => ({ default: m.UserSafetyMenu })));

type Props = {
  post: Post;
  /** The please-log-in message of the screen (Home3, Mono20, Header14). */
  loginMessage?: ParseKeys;
};

/** A post or review: author, Book and rating, text, image, and the like/repost/comment toggles. */
/** The reason the server's spam brake gives a held post (backend safety-sql.ts HELD_REASON); shown translated. */
const HELD_REASON = 'Held for review: a new account with reports against it posted a link.';

export function PostCard({ post, loginMessage = 'Header14' }: Props) {
  const { t } = useTranslation();
  const actions = usePostActions(post, loginMessage);
  const { isLoggedIn, profile: mine } = useSession();
  const [showComments, setShowComments] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const author = post.reposting && post.repostingProfile ? post.repostingProfile : post.userPostProfile;
  const authorId = post.reposting && post.repostingFromUser ? post.repostingFromUser : post.userPost;
  const name = displayName(author?.nickName, t('common.noName'));
  const reposter = displayName(post.userPostProfile?.nickName, t('common.noName'));
  const headingId = `post-${post.id}-author`;

  return (
    <Card component="article" aria-labelledby={headingId} data-testid={`post-${post.id}`}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        {post.reposting ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1, ...wrapAnywhere }}>
            <Repeat fontSize="inherit" aria-hidden />
            <Link component={RouterLink} to={`/user/${post.userPost}`} color="inherit">
              {t('posts.repostedBy', { name: reposter })}
            </Link>
            {/* The reposter's delete sits by the repost line, not by the original author's name. */}
            {actions.isAuthor ? (
              <IconButton aria-label={t('posts.deletePost')} onClick={() => setConfirming(true)} size="small" sx={{ ml: 'auto' }}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            ) : null}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <UserAvatar src={author?.img} name={name} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Link id={headingId} component={RouterLink} to={`/user/${authorId}`} sx={{ fontWeight: 700, display: 'block', ...wrapAnywhere }}>
              {name}
            </Link>
            <Typography variant="caption" color="text.secondary">
              <RelativeTime iso={post.created_on} />
            </Typography>
          </Box>
          {/* The author's own post: edit (not a repost: it shows someone else's words) and delete. */}
          {actions.isAuthor && !post.reposting ? (
            <IconButton aria-label={t('posts.editPost')} onClick={() => setEditing(true)} size="small">
              <EditOutlined />
            </IconButton>
          ) : null}
          {actions.isAuthor && !post.reposting ? (
            <IconButton aria-label={t('posts.deletePost')} onClick={() => setConfirming(true)} size="small">
              <DeleteOutline />
            </IconButton>
          ) : null}
          {/* Someone else's post: block or mute its author, report the post (the original of a repost). */}
          {isLoggedIn && authorId !== mine?.userProfile ? (
            <Suspense fallback={null}>
              <LazySafetyMenu
                userId={authorId}
                name={name}
                report={{ type: 'post', id: post.reposting && post.repostingFrom ? post.repostingFrom : post.id }}
              />
            </Suspense>
          ) : null}
        </Box>

        {post.reviewTo !== null ? (
          <Box sx={{ mt: 1.5, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
            <Typography variant="caption" color="text.secondary">
              {t('posts.reviewOf')}
            </Typography>
            <Link component={RouterLink} to={`/mono/${post.reviewTo}`} sx={{ display: 'block', fontWeight: 700, ...wrapAnywhere }}>
              {post.title || post.reviewToPage?.title || t('posts.toBook')}
            </Link>
            {post.rating !== null ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
                <LinearProgress
                  variant="determinate"
                  value={post.rating}
                  aria-label={t('posts.ratingLabel', { value: post.rating })}
                  sx={{ flex: 1, height: 8, borderRadius: 4 }}
                />
                <Typography variant="body2" sx={{ fontWeight: 700, minWidth: 44, textAlign: 'right' }}>
                  {t('posts.ratingValue', { value: post.rating })}
                </Typography>
              </Box>
            ) : null}
          </Box>
        ) : null}

        {post.moderated_reason ? (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {post.moderated_reason === HELD_REASON ? t('safety.held') : t('safety.ownHidden', { reason: post.moderated_reason })}
          </Alert>
        ) : null}
        <Typography sx={{ mt: 1.5, whiteSpace: 'pre-wrap', lineHeight: 1.8, ...wrapAnywhere }}>{post.text}</Typography>

        {post.img ? (
          <Box
            component="img"
            src={post.img}
            alt={t('posts.postImage', { name })}
            loading="lazy"
            sx={{ display: 'block', mt: 1.5, width: '100%', aspectRatio: '2 / 1', objectFit: 'cover', borderRadius: 2 }}
          />
        ) : null}

        <Box sx={{ display: 'flex', gap: { xs: 0, sm: 1 }, mt: 1, flexWrap: 'wrap' }}>
          {/* The visible count is the start of each name; pressed/expanded tell the state. */}
          <Button
            size="small"
            color="inherit"
            startIcon={<ChatBubbleOutlineOutlined />}
            aria-expanded={showComments}
            onClick={() => setShowComments((open) => !open)}
          >
            {post.commentedCounts}{' '}
            <Box component="span" sx={visuallyHidden}>
              {t('posts.commentNoun', { count: post.commentedCounts })}
            </Box>
          </Button>
          <Button
            size="small"
            color={post.is_reposted ? 'success' : 'inherit'}
            startIcon={<Repeat />}
            aria-pressed={post.is_reposted}
            onClick={actions.toggleRepost}
          >
            {post.repostedTimes}{' '}
            <Box component="span" sx={visuallyHidden}>
              {t('posts.repostNoun', { count: post.repostedTimes })}
            </Box>
          </Button>
          <Button
            size="small"
            color={post.is_liked ? 'error' : 'inherit'}
            startIcon={post.is_liked ? <Favorite /> : <FavoriteBorder />}
            aria-pressed={post.is_liked}
            onClick={actions.toggleLike}
          >
            {post.likedTimes}{' '}
            <Box component="span" sx={visuallyHidden}>
              {t('posts.likeNoun', { count: post.likedTimes })}
            </Box>
          </Button>
        </Box>

        {showComments ? (
          <Suspense fallback={<LinearProgress sx={{ mt: 1.5 }} aria-label={t('common.loading')} />}>
            <CommentThread postId={post.id} authorName={name} loginMessage={loginMessage} />
          </Suspense>
        ) : null}
      </CardContent>
      {editing ? (
        <Suspense fallback={null}>
          <PostComposerDialog open post={post} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            message={t('posts.deletePostConfirm')}
            confirmLabel={t('posts.delete')}
            busy={actions.deleting}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              void actions.remove().then(() => setConfirming(false));
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
