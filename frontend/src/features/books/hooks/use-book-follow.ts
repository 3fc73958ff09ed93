import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import { useServerMessage } from '@/hooks/use-server-message';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { parseApiError } from '@/utils/api-error';
import { booksApi } from '../api';

/** Follow state of a Book for the logged-in user, and a toggle with its messages. */
export function useBookFollow(bookId: number) {
  const { t } = useTranslation();
  const showSnack = useSnackbar();
  const promptLogin = useLoginPrompt();
  const translate = useServerMessage();
  const { isLoggedIn, profile } = useSession();
  const { data: status } = api.endpoints.checkUserPageStatus.useQuery({ pageId: bookId, userId: profile?.userProfile }, { skip: !profile });
  const [follow, followState] = booksApi.endpoints.followPage.useMutation();
  const [unfollow, unfollowState] = booksApi.endpoints.unfollowPage.useMutation();
  const followed = status?.is_followed ?? false;

  const toggle = async () => {
    if (!isLoggedIn) {
      promptLogin('Mono20');
      return;
    }
    if (followed) {
      const result = await unfollow({ pageId: bookId });
      if ('error' in result) showSnack(t('books.followReleaseFailed'), 'error');
      else showSnack(t('books.followReleased'), 'success');
      return;
    }
    const result = await follow({ pageIdDto: { pageId: bookId } });
    if ('error' in result) {
      const message = parseApiError(result.error).messages[0];
      showSnack(message ? translate(message) : t('messages.alreadyFollowed'), 'error');
    } else showSnack(t('books.followed'), 'success');
  };

  return {
    followed,
    owned: status?.is_owned ?? false,
    busy: followState.isLoading || unfollowState.isLoading,
    toggle,
  };
}
