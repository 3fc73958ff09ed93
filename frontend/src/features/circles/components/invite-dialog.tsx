import '@/i18n/circles';
import { useCallback, useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { useTranslation } from 'react-i18next';
import type { ProfileResponse } from '@/api/generated';
import { LoadingState } from '@/components/loading-state';
import { TextInput } from '@/components/text-input';
import { UserAvatar, displayName } from '@/components/user-avatar';
import { useServerMessage } from '@/hooks/use-server-message';
import { useSnackbar } from '@/hooks/use-snackbar';
import { parseApiError } from '@/utils/api-error';
import { invitationUrl } from '../utils/circle-paths';
import { circlesApi } from '../api';

/** The invite search pages by 10 and stops when a page brings fewer. */
export const INVITE_PAGE_SIZE = 10;

type Props = { open: boolean; onClose: () => void; circle: { id: number; title: string }; selfId: number | undefined };

/** Invite users to the circle (search, invite buttons) or copy the invitation URL. */
export function InviteDialog({ open, onClose, circle, selfId }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const showSnack = useSnackbar();
  const translate = useServerMessage();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [pages, setPages] = useState<ProfileResponse[][]>([]);
  const [loading, setLoading] = useState(false);
  const [invited, setInvited] = useState<Set<number>>(() => new Set());
  const [search] = circlesApi.endpoints.inviteSearch.useLazyQuery();
  const [invite] = circlesApi.endpoints.inviteToCommunity.useMutation();

  const loadPage = useCallback(
    async (query: string, count: number) => {
      setLoading(true);
      try {
        const page = await search({ q: query, count }).unwrap();
        setPages((previous) => [...previous.slice(0, count), page]);
      } catch {
        setPages((previous) => [...previous.slice(0, count), []]);
      } finally {
        setLoading(false);
      }
    },
    [search],
  );

  useEffect(() => {
    if (!open) return;
    setPages([]);
    void loadPage(q, 0);
  }, [open, q, loadPage]);

  const last = pages[pages.length - 1];
  const more = last !== undefined && last.length >= INVITE_PAGE_SIZE;
  const people = pages.flat().filter((person) => person.userProfile !== selfId);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  const onInvite = async (userId: number) => {
    try {
      await invite({ id: circle.id, inviteDto: { invited_user: userId } }).unwrap();
      setInvited((previous) => new Set(previous).add(userId));
      showSnack(t('circles.inviteSent'));
    } catch (error) {
      const detail = parseApiError(error).messages[0];
      showSnack(detail ? translate(detail) : t('circles.inviteFailed'), 'error');
    }
  };

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(invitationUrl(circle.id));
      showSnack(t('circles.copied'));
    } catch {
      showSnack(t('circles.copyFailed'), 'error');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('circles.inviteTitle', { title: circle.title })}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', flex: '1 1 200px' }}>
            {t('circles.invitationUrl')}: {invitationUrl(circle.id)}
          </Typography>
          <Button variant="outlined" size="small" startIcon={<ContentCopyOutlined />} onClick={() => void onCopy()}>
            {t('circles.copyUrl')}
          </Button>
        </Box>
        <Box component="form" role="search" onSubmit={onSearch} sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'center' }}>
          <TextInput
            type="search"
            size="small"
            margin="none"
            fullWidth
            label={t('circles.inviteSearchLabel')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" variant="contained">
            {t('circles.search')}
          </Button>
        </Box>
        <Box component="ul" aria-label={t('circles.inviteResults')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {people.map((person) => {
            const name = displayName(person.nickName, t('common.noName'));
            const done = invited.has(person.userProfile);
            return (
              <Box component="li" key={person.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                <UserAvatar src={person.img} name={name} size={36} />
                <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{name}</Typography>
                <Button
                  size="small"
                  variant={done ? 'text' : 'outlined'}
                  disabled={done}
                  onClick={() => void onInvite(person.userProfile)}
                  aria-label={`${done ? t('circles.invited') : t('circles.inviteSend')} ${name}`}
                >
                  {done ? t('circles.invited') : t('circles.inviteSend')}
                </Button>
              </Box>
            );
          })}
        </Box>
        {loading ? <LoadingState shape="progress" /> : null}
        {!loading && pages.length > 0 && people.length === 0 ? <Typography color="text.secondary">{t('circles.inviteEmpty')}</Typography> : null}
        {!loading && more ? (
          <Button sx={{ mt: 1 }} onClick={() => void loadPage(q, pages.length)}>
            {t('circles.inviteMore')}
          </Button>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('circles.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
