import { Suspense, lazy, useEffect, useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '@/components/user-avatar';
import { AVATAR_MAX_BYTES, AVATAR_SIZE, cropToJpeg, isReadableImage, jpegFile } from '@/utils/crop-image';

// The cropper (react-easy-crop) loads when the user first picks an image.
const CropDialog = lazy(() => import('@/components/crop-dialog').then((module) => ({ default: module.CropDialog })));

type Props = {
  currentUrl: string | null | undefined;
  name: string;
  onChange: (file: File) => void;
};

/** Pick an image, crop it square, and hand over a 400×400 JPEG of at most 200 KiB. */
export function AvatarField({ currentUrl, name, onChange }: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const [picked, setPicked] = useState<File | null>(null);
  const [pickedUrl, setPickedUrl] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [cropUsed, setCropUsed] = useState(false);
  const [unreadable, setUnreadable] = useState(false);
  const errorId = useId();

  useEffect(
    () => () => {
      if (pickedUrl) URL.revokeObjectURL(pickedUrl);
    },
    [pickedUrl],
  );
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
    // An empty or broken file would open the crop dialog on a black box: say so instead.
    const readable = await isReadableImage(file);
    setUnreadable(!readable);
    if (!readable) return;
    setCropUsed(true);
    setPicked(file);
    setPickedUrl(URL.createObjectURL(file));
  };

  const closeCrop = () => {
    setPicked(null);
    setPickedUrl(null);
  };

  const onConfirm = async (area: Area) => {
    if (!picked || !pickedUrl) return;
    let result: File;
    try {
      result = jpegFile(await cropToJpeg(pickedUrl, area, AVATAR_SIZE, AVATAR_SIZE, AVATAR_MAX_BYTES), picked.name);
    } catch (error) {
      console.warn('avatar crop failed; the original file is used', error);
      result = picked;
    }
    setPreviewUrl(URL.createObjectURL(result));
    onChange(result);
    closeCrop();
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 2 }}>
      <UserAvatar src={previewUrl ?? currentUrl} name={name} size={72} />
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('profile.avatar')}
        </Typography>
        <input id={inputId} type="file" accept="image/*" hidden onChange={(event) => void onPick(event)} data-testid="avatar-input" />
        <Button component="label" htmlFor={inputId} variant="outlined" size="small" aria-describedby={unreadable ? errorId : undefined}>
          {t('profile.chooseAvatar')}
        </Button>
        {unreadable ? (
          <Typography id={errorId} role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
            {t('profile.imageUnreadable')}
          </Typography>
        ) : null}
      </Box>
      {cropUsed ? (
        <Suspense fallback={null}>
          <CropDialog
            src={pickedUrl}
            aspect={1}
            title={t('profile.cropTitle')}
            confirmLabel={t('profile.cropConfirm')}
            onCancel={closeCrop}
            onConfirm={(area) => void onConfirm(area)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
