import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import Fab from '@mui/material/Fab';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { useNavigate } from 'react-router-dom';
import type { UploadedFile } from '@/api/types';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useLoginPrompt } from '@/hooks/use-login-prompt';

// The dialog (form, file checks) loads when first opened, not with every screen that has the button.
const UploadDataDialog = lazy(() => import('./upload-data-dialog').then((module) => ({ default: module.UploadDataDialog })));

/**
 * The style of a floating button that steps aside: faded out and not there for taps, focus or
 * screen readers (visibility), back with a short fade. Screens hide their floating buttons this
 * way while something they would cover is on screen (a Book's actions on a phone).
 */
export function stowedFab(stowed: boolean) {
  return {
    transition: 'opacity 150ms ease, transform 150ms ease, visibility 0s linear 0s',
    ...(stowed ? { opacity: 0, transform: 'scale(0.6)', visibility: 'hidden' as const, transition: 'opacity 150ms ease, transform 150ms ease, visibility 0s linear 150ms' } : {}),
  };
}

type Props = {
  /** The please-log-in message of the screen (Mono20, Home3, Header14). */
  loginMessage?: ParseKeys;
  /** Called after a successful upload; by default the user goes to /posteddata. */
  onUploaded?: (file: UploadedFile) => void;
  /** Renders an own button (given the opener) instead of the floating one. */
  renderButton?: (open: () => void) => ReactNode;
  /** Steps aside (not shown, not focusable) while something it would cover is on screen. */
  stowed?: boolean;
};

/** The "post data" button: opens the upload dialog for logged-in users with a profile. */
export function PostDataFab({ loginMessage = 'Header14', onUploaded, renderButton, stowed = false }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showSnack = useSnackbar();
  const promptLogin = useLoginPrompt();
  const { isLoggedIn, profile } = useSession();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  const openDialog = () => {
    if (!isLoggedIn) promptLogin(loginMessage);
    else if (!profile) showSnack(t('books.needProfile'), 'info');
    else {
      setOpened(true);
      setOpen(true);
    }
  };

  return (
    <>
      {renderButton ? (
        renderButton(openDialog)
      ) : (
        <Fab
          color="primary"
          variant="extended"
          onClick={openDialog}
          aria-label={t('books.postData')}
          sx={{ position: 'fixed', right: { xs: 16, sm: 32 }, bottom: { xs: 80, sm: 32 }, zIndex: (theme) => theme.zIndex.speedDial, ...stowedFab(stowed) }}
        >
          <PostAddOutlined sx={{ mr: 1 }} aria-hidden />
          {t('books.postData')}
        </Fab>
      )}
      {profile && opened ? (
        <Suspense fallback={null}>
          <UploadDataDialog
            open={open}
            userId={profile.userProfile}
            onClose={() => setOpen(false)}
            onUploaded={(file) => {
              setOpen(false);
              if (onUploaded) onUploaded(file);
              else navigate('/posteddata', { state: { uploaded: file.id } });
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
