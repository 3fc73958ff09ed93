import { useEffect, useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isReadableImage } from '@/utils/crop-image';

type Props = {
  currentUrl: string | null | undefined;
  name: string;
  onChange: (file: File | undefined) => void;
};

/** The optional background image, sent as picked. */
export function BackgroundField({ currentUrl, name, onChange }: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);

  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const readable = await isReadableImage(file);
    setUnreadable(!readable);
    if (!readable) return;
    setPreviewUrl(URL.createObjectURL(file));
    onChange(file);
  };

  const clear = () => {
    setPreviewUrl(null);
    onChange(undefined);
  };

  const shown = previewUrl ?? currentUrl;
  return (
    <Box sx={{ my: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('profile.background')}
      </Typography>
      {shown ? (
        <Box
          component="img"
          src={shown}
          alt={t('common.backgroundOf', { name })}
          sx={{ width: '100%', height: 120, objectFit: 'cover', borderRadius: 2, mb: 1, display: 'block' }}
        />
      ) : null}
      <input id={inputId} type="file" accept="image/*" hidden onChange={(event) => void onPick(event)} />
      <Button component="label" htmlFor={inputId} variant="outlined" size="small">
        {t('profile.chooseBackground')}
      </Button>
      {previewUrl ? (
        <Button size="small" onClick={clear} sx={{ ml: 1 }}>
          {t('profile.removeBackground')}
        </Button>
      ) : null}
      {unreadable ? (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {t('profile.imageUnreadable')}
        </Typography>
      ) : null}
    </Box>
  );
}
