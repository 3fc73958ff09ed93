import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import type { Book } from '@/api/types';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useServerMessage } from '@/hooks/use-server-message';
import { parseApiError } from '@/utils/api-error';

/** A Book a moderator hid: its creator (the only one who still gets it) is told so, with the reason. */
export function ModeratedNotice({ book }: { book: Book }) {
  const { t } = useTranslation();
  if (!book.moderated_reason) return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      {t('books.moderated', { reason: book.moderated_reason })}
    </Alert>
  );
}

/**
 * A members-only Book (made from data posted to circles, api-contract rule 7): says so, and gives
 * its creator the one way to make it public.
 */
export function MembersOnlyNotice({ book }: { book: Book }) {
  const { t } = useTranslation();
  const showSnack = useSnackbar();
  const translate = useServerMessage();
  const [makePublic, state] = api.endpoints.makePagePublic.useMutation();
  if (!book.members_only) return null;

  const onMakePublic = async () => {
    const result = await makePublic({ id: book.id });
    if (!('error' in result)) {
      showSnack(t('books.madePublic'), 'success');
      return;
    }
    const detail = parseApiError(result.error).messages[0];
    showSnack(detail ? translate(detail) : t('books.makePublicFailed'), 'error');
  };

  return (
    <Alert
      severity="info"
      sx={{ mt: 2 }}
      action={
        book.can_make_public ? (
          <Button color="inherit" size="small" startIcon={<PublicOutlined />} onClick={onMakePublic} disabled={state.isLoading}>
            {t('books.makePublic')}
          </Button>
        ) : undefined
      }
    >
      {t('books.membersOnly')}
    </Alert>
  );
}
