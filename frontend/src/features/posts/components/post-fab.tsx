import { Suspense, lazy, useState } from 'react';
import type { ParseKeys } from 'i18next';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import { useTranslation } from 'react-i18next';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { FloatingAction } from '@/components/floating-action';
// The composer (form, slider, image crop) loads when first opened.
const PostComposerDialog = lazy(() => import('./post-composer-dialog').then((module) => ({ default: module.PostComposerDialog })));

type Props = {
  loginMessage: ParseKeys;
  /** On a Book: the button writes a review of it. */
  book?: { id: number; title: string };
  /** Steps aside (not shown, not focusable) while something it would cover is on screen. */
  stowed?: boolean;
  /** In a circle: the post goes to its thread. */
  circle?: { id: number; title: string };
};

/** The "post" button: in the header on wide screens, floating beside (phone) or above the "post data" one. */
export function PostFab({ loginMessage, book, stowed = false, circle }: Props) {
  const { t } = useTranslation();
  const { isLoggedIn, profile, hasNoProfile } = useSession();
  const promptLogin = useLoginPrompt();
  const showSnack = useSnackbar();
  const [open, setOpen] = useState(false);
  const label = book ? t('posts.writeReview') : t('posts.writePost');

  const onClick = () => {
    if (!isLoggedIn) promptLogin(loginMessage);
    else if (!profile) {
      if (hasNoProfile) showSnack(t('books.needProfile'), 'info');
    } else setOpen(true);
  };

  return (
    <>
      <FloatingAction
        color="secondary"
        label={label}
        icon={<RateReviewOutlined />}
        bottom={{ xs: 80, sm: 96 }}
        phoneRight={84}
        stowed={stowed}
        onClick={onClick}
      />
      {open ? (
        <Suspense fallback={null}>
          <PostComposerDialog open onClose={() => setOpen(false)} book={book} circle={circle} />
        </Suspense>
      ) : null}
    </>
  );
}
