import '@/i18n/circles';
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import type { UploadedFile } from '@/api/types';
import { useServerMessage } from '@/hooks/use-server-message';
import { useSnackbar } from '@/hooks/use-snackbar';
import { parseApiError } from '@/utils/api-error';
import { applyServerErrors } from '@/utils/apply-server-errors';
import { PRICE_TIERS, UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, UPLOAD_MAX_LABEL, UPLOAD_TITLE_MAX, formatYen, storedFileName } from '@/utils/books';
import type { BookPrice } from '@/utils/books';
import { FormError } from '@/components/form-error';

type Props = {
  open: boolean;
  /** The uploader's own user id. */
  userId: number;
  onClose: () => void;
  onUploaded: (file: UploadedFile) => void;
  /** The circle the data is posted to (preselected), if any. */
  circle?: { id: number; title: string };
};

type UploadValues = {
  title: string;
  description: string;
  mydata: boolean;
  price: BookPrice;
  file: File | null;
};

const EMPTY: UploadValues = { title: '', description: '', mydata: false, price: 0, file: null };

const SERVER_FIELDS = { title: 'title', description: 'description', price: 'price', mydata: 'mydata', file: 'file' } as const;

/** Posts a data file; the server makes a Book from it in the background. */
export function UploadDataDialog({ open, userId, onClose, onUploaded, circle }: Props) {
  const { t } = useTranslation();
  const showSnack = useSnackbar();
  const translate = useServerMessage();
  const fileInputId = useId();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [upload, { isLoading: uploading }] = api.endpoints.uploadData.useMutation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    setValue,
    getValues,
    trigger,
    formState: { errors },
  } = useForm<UploadValues>({
    defaultValues: EMPTY,
  });
  const mydata = watch('mydata');
  const file = watch('file');
  const title = watch('title');

  const close = () => {
    if (uploading) return;
    reset(EMPTY);
    setFormErrors([]);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    if (!values.file) return;
    const result = await upload({
      uploadFieldsDto: {
        file: values.file,
        title: values.title.trim(),
        description: values.description.trim() || undefined,
        mydata: values.mydata,
        price: values.mydata ? values.price : 0,
        user_id: userId,
        ...(circle ? { communities: [circle.id] } : {}),
      },
    });
    if ('data' in result && result.data) {
      showSnack(t('DataModal16'), 'success');
      reset(EMPTY);
      onUploaded(result.data);
      return;
    }
    showSnack(t('DataModal15'), 'error');
    const error = parseApiError(result.error);
    if (error.kind === 'network') {
      setFormErrors([t('common.networkError')]);
      return;
    }
    setFormErrors(applyServerErrors(error, SERVER_FIELDS, setError, translate));
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="upload-dialog-title">
      {/* A flex column inside the dialog: the fields scroll, Cancel and Post stay in view (at 360 × 740 they were cut off). */}
      <Box
        component="form"
        onSubmit={onSubmit}
        noValidate
        aria-label={t('upload.title')}
        aria-busy={uploading}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id="upload-dialog-title">{t('upload.title')}</DialogTitle>
        <DialogContent sx={{ position: 'relative' }}>
          <Box sx={{ filter: uploading ? 'blur(3px)' : undefined, transition: 'filter 0.2s', pointerEvents: uploading ? 'none' : undefined }}>
            <Typography variant="body2" color="text.secondary">
              {t('upload.intro')}
            </Typography>
            {circle ? (
              <Typography variant="body2" sx={{ mt: 1, fontWeight: 700, overflowWrap: 'anywhere' }}>
                {t('circles.postToCircle', { title: circle.title })}
              </Typography>
            ) : null}
            <FormError messages={formErrors} />
            <TextField
              label={t('upload.fileTitle')}
              required
              {...register('title', {
                validate: (value) => value.trim() !== '' || t('upload.titleRequired'),
                maxLength: { value: UPLOAD_TITLE_MAX, message: t('upload.titleTooLong', { count: UPLOAD_TITLE_MAX }) },
              })}
              error={Boolean(errors.title)}
              helperText={errors.title?.message}
              disabled={uploading}
              // A title filled in from the file's name moves the label up, as typing does.
              slotProps={title ? { inputLabel: { shrink: true } } : undefined}
            />
            <Controller
              control={control}
              name="file"
              rules={{
                validate: (value) => {
                  if (value === null) return t('upload.fileRequired');
                  // Checked here so that a large file is refused before minutes of sending.
                  if (value.size > UPLOAD_MAX_BYTES) return t('upload.fileTooLarge', { limit: UPLOAD_MAX_LABEL });
                  return true;
                },
              }}
              render={({ field }) => (
                <Box sx={{ mt: 2, mb: 1 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                    <Button component="label" htmlFor={fileInputId} variant="outlined" startIcon={<UploadFileOutlined />} disabled={uploading}>
                      {t('upload.chooseFile')}
                    </Button>
                    <input
                      id={fileInputId}
                      type="file"
                      accept={UPLOAD_ACCEPT}
                      aria-label={t('upload.file')}
                      data-testid="upload-file-input"
                      hidden
                      onChange={(event) => {
                        const chosen = event.target.files?.[0] ?? null;
                        field.onChange(chosen);
                        event.target.value = '';
                        // The title starts as the file's name (without its extension) unless one is written.
                        if (chosen && getValues('title').trim() === '') {
                          const base = storedFileName(chosen.name)
                            .replace(/\.[^.]+$/, '')
                            .slice(0, UPLOAD_TITLE_MAX);
                          if (base) setValue('title', base, { shouldValidate: true });
                        }
                        if (chosen) void trigger('file');
                      }}
                    />
                    <Typography variant="body2" sx={{ wordBreak: 'break-all', minWidth: 0 }} aria-live="polite">
                      {file ? t('upload.chosenFile', { name: storedFileName(file.name) }) : t('upload.noFile')}
                    </Typography>
                  </Box>
                  <FormHelperText error={Boolean(errors.file)}>{errors.file?.message ?? t('upload.fileHint', { limit: UPLOAD_MAX_LABEL })}</FormHelperText>
                </Box>
              )}
            />
            <TextField label={t('upload.description')} multiline minRows={3} {...register('description')} disabled={uploading} />
            <Controller
              control={control}
              name="mydata"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => {
                        field.onChange(event.target.checked);
                        if (!event.target.checked) setValue('price', 0);
                      }}
                      disabled={uploading}
                    />
                  }
                  label={t('upload.mydata')}
                />
              )}
            />
            <Controller
              control={control}
              name="price"
              render={({ field }) => (
                <TextField
                  select
                  label={t('upload.price')}
                  value={field.value}
                  onChange={(event) => field.onChange(Number(event.target.value) as BookPrice)}
                  disabled={!mydata || uploading}
                  helperText={t('upload.priceHint')}
                  // Disabled MUI helper text is too faint to read (contrast below 4.5:1).
                  slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
                >
                  {PRICE_TIERS.map((tier) => (
                    <MenuItem key={tier.price} value={tier.price}>
                      {t('books.tierOption', { tier: t(tier.label), price: formatYen(tier.price) })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Box>
          {uploading ? (
            <Box
              role="status"
              aria-live="polite"
              sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1 }}
            >
              <CircularProgress aria-hidden />
              <Typography sx={{ fontWeight: 700 }}>{t('upload.uploading')}</Typography>
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={uploading}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={uploading}>
            {t('upload.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
