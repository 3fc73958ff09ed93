import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { useNavigate } from 'react-router-dom';
import type { UploadedFile } from '@/api/types';
import { FloatingAction } from '@/components/floating-action';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useLoginPrompt } from '@/hooks/use-login-prompt';

// The dialog (form, file checks) loads when first opened, not with every screen that has the button.
const UploadDataDialog = lazy(() => import('./upload-data-dialog').then((module) => ({ default: module.UploadDataDialog })));

type Props = {
  /** The please-log-in message of the screen (Mono20, Home3, Header14). */
  loginMessage?: ParseKeys;
  /** Called after a successful upload; by default the user goes to /posteddata. */
  onUploaded?: (file: UploadedFile) => void;
  /** Renders an own button (given the opener) instead of the floating one. */
  renderButton?: (open: () => void) => ReactNode;
  /** Steps aside (not shown, not focusable) while something it would cover is on screen. */
  stowed?: boolean;
  /** In a circle: the data is posted to it (its Book goes on the circle's bookshelf). */
  circle?: { id: number; title: string };
};

/** The "post data" button: opens the upload dialog for logged-in users with a profile. */
export function PostDataFab({ loginMessage = 'Header14', onUploaded, renderButton, stowed = false, circle }: Props) {
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
        <FloatingAction
          color="primary"
          label={t('books.postData')}
          icon={<PostAddOutlined />}
          bottom={{ xs: 80, sm: 32 }}
          phoneRight={16}
          stowed={stowed}
          onClick={openDialog}
        />
      )}
      {profile && opened ? (
        <Suspense fallback={null}>
          <UploadDataDialog
            open={open}
            userId={profile.userProfile}
            circle={circle}
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
