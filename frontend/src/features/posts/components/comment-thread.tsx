import { useState } from 'react';
import type { FormEvent } from 'react';
import type { ParseKeys } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PostComment } from '@/api/types';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { InfiniteList } from '@/components/infinite-list';
import { RelativeTime } from '@/components/relative-time';
import { UserAvatar, displayName } from '@/components/user-avatar';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { wrapAnywhere } from './wrap';
import { postsApi } from '../api';

type Props = { postId: number; authorName: string; loginMessage: ParseKeys };

function CommentItem({ comment, mine }: { comment: PostComment; mine: boolean }) {
  const { t } = useTranslation();
  const showSnack = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const [remove, removal] = postsApi.endpoints.deleteComment.useMutation();
  const name = displayName(comment.profile?.nickName, t('common.noName'));

  const onDelete = async () => {
    try {
      await remove({ id: comment.id }).unwrap();
      showSnack(t('posts.deleted'));
    } catch {
      showSnack(t('posts.deleteFailed'), 'error');
    }
    setConfirming(false);
  };

  return (
    <Box component="article" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <UserAvatar src={comment.profile?.img} name={name} size={32} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Link component={RouterLink} to={`/user/${comment.userComment}`} sx={{ fontWeight: 700, ...wrapAnywhere }}>
            {name}
          </Link>
          <Typography component="span" variant="caption" color="text.secondary">
            <RelativeTime iso={comment.created_on} />
          </Typography>
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', ...wrapAnywhere }}>
          {comment.text}
        </Typography>
      </Box>
      {mine ? (
        <IconButton size="small" aria-label={t('posts.deleteComment')} onClick={() => setConfirming(true)}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      ) : null}
      <ConfirmDialog
        open={confirming}
        message={t('posts.deleteCommentConfirm')}
        confirmLabel={t('posts.delete')}
        busy={removal.isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onDelete()}
      />
    </Box>
  );
}

/** The comments of a post, newest pages loaded on scroll, and the form to add one. */
export function CommentThread({ postId, authorName, loginMessage }: Props) {
  const { t } = useTranslation();
  const { isLoggedIn, profile } = useSession();
  const promptLogin = useLoginPrompt();
  const showSnack = useSnackbar();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const query = postsApi.endpoints.postComments.useInfiniteQuery({ postId });
  const [send, sending] = postsApi.endpoints.createComment.useMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isLoggedIn) return promptLogin(loginMessage);
    if (!profile) return showSnack(t('books.needProfile'), 'info');
    if (!text.trim()) return setError(true);
    try {
      await send({ createCommentDto: { post: postId, text: text.trim() } }).unwrap();
      setText('');
    } catch {
      showSnack(t('posts.commentFailed'), 'error');
    }
  };

  return (
    <Box sx={{ mt: 1.5, pt: 1.5, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 1.5 }}>
      <InfiniteList
        query={query}
        label={t('posts.commentsOf', { name: authorName })}
        getKey={(comment) => comment.id}
        renderItem={(comment) => <CommentItem comment={comment} mine={comment.userComment === profile?.userProfile} />}
        empty={
          <Typography variant="body2" color="text.secondary">
            {t('posts.commentsEmpty')}
          </Typography>
        }
      />
      <Box component="form" onSubmit={(event) => void onSubmit(event)} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} noValidate>
        <TextField
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(false);
          }}
          label={t('posts.commentLabel')}
          size="small"
          // No theme margin: the send button beside it lines up with the field (issue 41, item 7).
          margin="none"
          fullWidth
          multiline
          maxRows={6}
          error={error}
          helperText={error ? t('posts.textRequired') : undefined}
        />
        <Button type="submit" variant="contained" disabled={sending.isLoading} sx={{ flexShrink: 0, minHeight: 40 }}>
          {t('posts.commentSend')}
        </Button>
      </Box>
    </Box>
  );
}
