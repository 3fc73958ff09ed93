import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Post } from '@/api/types';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { postsApi } from '../api';

/**
 * Like, repost and delete for one post. Visitors get the log-in prompt of the screen instead;
 * the cached lists change at once (see ../api) and a refusal shows a message.
 */
export function usePostActions(post: Post, loginMessage: ParseKeys) {
  const { t } = useTranslation();
  const { isLoggedIn, profile, hasNoProfile } = useSession();
  const promptLogin = useLoginPrompt();
  const showSnack = useSnackbar();
  const [updatePost] = postsApi.endpoints.updatePost.useMutation();
  const [createPost] = postsApi.endpoints.createPost.useMutation();
  const [deleteRepost] = postsApi.endpoints.deleteRepost.useMutation();
  const [remove, removal] = postsApi.endpoints.deletePost.useMutation();
  const me = profile?.userProfile;

  /** Runs `act` for a logged-in user with a profile; prompts otherwise. */
  const guard = (act: (me: number) => Promise<unknown>, failure: string) => () => {
    if (!isLoggedIn) return promptLogin(loginMessage);
    // While the own profile is still loading the click waits for nothing: it is simply not taken.
    if (me === undefined) return hasNoProfile ? showSnack(t('books.needProfile'), 'info') : undefined;
    act(me).catch(() => showSnack(failure, 'error'));
  };

  return {
    me,
    isAuthor: me !== undefined && me === post.userPost,
    // The likers as the client sees them: the caller's own id to like, none to unlike.
    toggleLike: guard((user) => updatePost({ id: post.id, updatePostDto: { liked: post.is_liked ? [] : [user] } }).unwrap(), t('posts.actionFailed')),
    toggleRepost: guard(
      () =>
        post.is_reposted
          ? deleteRepost({ id: post.id }).unwrap()
          : // A repost of a repost reposts the original.
            createPost({ createPostDto: { reposting: true, repostingFrom: post.repostingFrom ?? post.id } }).unwrap(),
      post.is_reposted ? t('RepostDeleteError') : t('posts.actionFailed'),
    ),
    deleting: removal.isLoading,
    remove: async () => {
      try {
        await remove({ id: post.id }).unwrap();
        showSnack(t('posts.deleted'));
        return true;
      } catch {
        showSnack(t('posts.deleteFailed'), 'error');
        return false;
      }
    },
    requireLogin: () => {
      if (!isLoggedIn) promptLogin(loginMessage);
      return isLoggedIn;
    },
  };
}
