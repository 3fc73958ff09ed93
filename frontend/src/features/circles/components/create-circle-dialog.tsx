import '@/i18n/circles';
import { useEffect, useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Circle } from '@/api/types';
import { FormError } from '@/components/form-error';
import { useServerMessage } from '@/hooks/use-server-message';
import { useSnackbar } from '@/hooks/use-snackbar';
import { parseApiError } from '@/utils/api-error';
import { applyServerErrors } from '@/utils/apply-server-errors';
import { backgroundFile, backgroundUrl, circleIcon, randomBackgroundIndex } from '../utils/circle-images';
import { circlesApi } from '../api';

export const CIRCLE_DESCRIPTION_MAX = 2000;

type Values = { title: string; description: string; image: File | null };

type Props = {
  open: boolean;
  onClose: () => void;
  onCreated: (circle: Circle) => void;
};

/**
 * Create a circle: name, description (≤ 2000) and an icon (cropped to a centred square, a
 * 400×400 JPEG ≤ 614400 bytes); the cover is one of the 59 defaults, picked at random.
 */
export function CreateCircleDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputId = useId();
  const showSnack = useSnackbar();
  const translate = useServerMessage();
  const [create, { isLoading }] = circlesApi.endpoints.createCommunity.useMutation();
  const [background, setBackground] = useState(() => randomBackgroundIndex());
  const [preview, setPreview] = useState<string | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors },
  } = useForm<Values>({
    defaultValues: { title: '', description: '', image: null },
  });

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const close = () => {
    if (isLoading) return;
    reset();
    setPreview(null);
    setFormErrors([]);
    setBackground(randomBackgroundIndex());
    onClose();
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const icon = await circleIcon(file);
    setValue('image', icon, { shouldValidate: true });
    setPreview(URL.createObjectURL(icon));
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!values.image) return;
    setFormErrors([]);
    const cover = await backgroundFile(background);
    const result = await create({
      createCircleDto: {
        title: values.title.trim(),
        description: values.description.trim(),
        image: values.image,
        ...(cover ? { background_image: cover } : {}),
      },
    });
    if ('data' in result && result.data) {
      showSnack(t('circles.created'), 'success');
      reset();
      setPreview(null);
      onCreated(result.data);
      return;
    }
    showSnack(t('circles.error'), 'error');
    const error = parseApiError(result.error);
    if (error.kind === 'network') setFormErrors([t('common.networkError')]);
    else setFormErrors(applyServerErrors(error, { title: 'title', description: 'description', image: 'image' }, setError, translate));
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isLoading}>
        <DialogTitle id={titleId}>{t('circles.createTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <FormError messages={formErrors} />
          <Box
            component="img"
            src={backgroundUrl(background)}
            alt={t('circles.backgroundPreview')}
            sx={{ width: '100%', aspectRatio: '4 / 1', objectFit: 'cover', borderRadius: 2, display: 'block' }}
          />
          <Typography variant="caption" color="text.secondary" sx={{ mt: -1.5 }}>
            {t('circles.backgroundNote')}
          </Typography>
          <TextField
            label={t('circles.title')}
            required
            fullWidth
            {...register('title', { validate: (value) => value.trim() !== '' || t('circles.titleRequired') })}
            error={Boolean(errors.title)}
            helperText={errors.title?.message}
          />
          <TextField
            label={t('circles.description')}
            required
            fullWidth
            multiline
            minRows={3}
            {...register('description', {
              validate: (value) => value.trim() !== '' || t('circles.descriptionRequired'),
              maxLength: { value: CIRCLE_DESCRIPTION_MAX, message: t('circles.descriptionTooLong', { count: CIRCLE_DESCRIPTION_MAX }) },
            })}
            error={Boolean(errors.description)}
            helperText={errors.description?.message}
          />
          <Controller
            control={control}
            name="image"
            rules={{ validate: (value) => value !== null || t('circles.imageRequired') }}
            render={() => (
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                {preview ? (
                  <Box component="img" src={preview} alt={t('circles.imagePreview')} sx={{ width: 80, height: 80, borderRadius: 2, objectFit: 'cover' }} />
                ) : null}
                <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<ImageOutlined />}>
                  {preview ? t('circles.changeImage') : t('circles.chooseImage')}
                </Button>
                <input
                  id={inputId}
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/gif"
                  hidden
                  aria-label={t('circles.image')}
                  data-testid="circle-image-input"
                  onChange={(event) => void onPick(event)}
                />
                {errors.image ? <FormHelperText error>{errors.image.message}</FormHelperText> : null}
              </Box>
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? t('circles.creating') : t('circles.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
