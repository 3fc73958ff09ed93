import '@/i18n/safety';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import type { CreateReportDto } from '@/api/generated';
import { useSnackbar } from '@/hooks/use-snackbar';

export type ReportTarget = CreateReportDto['target_type'];
type Reason = CreateReportDto['reason'];
const REASONS: readonly Reason[] = ['spam', 'harassment', 'illegal', 'copyright', 'privacy', 'other'];

type Props = { open: boolean; targetType: ReportTarget; targetId: number; onClose: () => void };

/** Reports a post, comment, Book, user, circle or ad: a reason (required) and optional details. */
export function ReportDialog({ open, targetType, targetId, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const reasonId = useId();
  const showSnack = useSnackbar();
  const [reason, setReason] = useState<Reason | ''>('');
  const [detail, setDetail] = useState('');
  const [send, sending] = api.endpoints.createReport.useMutation();

  const submit = async () => {
    if (!reason) return;
    try {
      await send({ createReportDto: { target_type: targetType, target_id: targetId, reason, detail } }).unwrap();
      showSnack(t('safety.reportSent'));
      setReason('');
      setDetail('');
      onClose();
    } catch {
      showSnack(t('safety.actionFailed'), 'error');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('safety.reportTitle')}</DialogTitle>
      <DialogContent>
        <FormControl component="fieldset" sx={{ mb: 2 }}>
          <FormLabel id={reasonId} component="legend">
            {t('safety.reportReason')}
          </FormLabel>
          <RadioGroup aria-labelledby={reasonId} value={reason} onChange={(e) => setReason(e.target.value as Reason)}>
            {REASONS.map((r) => (
              <FormControlLabel key={r} value={r} control={<Radio />} label={t(`safety.reasons.${r}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={t('safety.reportDetail')}
          value={detail}
          onChange={(e) => setDetail(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!reason || sending.isLoading}>
          {t('safety.reportSend')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
