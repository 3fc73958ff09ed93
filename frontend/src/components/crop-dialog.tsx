import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import Cropper from 'react-easy-crop';
import type { Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';

type Props = {
  /** Object URL of the picked image; the dialog is open while it is set. */
  src: string | null;
  aspect: number;
  title: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: (area: Area) => void;
};

const MIN_ZOOM = 1;
const MAX_ZOOM = MIN_ZOOM + 3;

export function CropDialog({ src, aspect, title, confirmLabel, onCancel, onConfirm }: Props) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  return (
    <Dialog open={src !== null} onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="crop-dialog-title">
      <DialogTitle id="crop-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ position: 'relative', width: '100%', height: { xs: 280, sm: 360 }, bgcolor: 'grey.900', borderRadius: 2, overflow: 'hidden' }}>
          {src ? (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              minZoom={MIN_ZOOM}
              maxZoom={MAX_ZOOM}
              aspect={aspect}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={onCropComplete}
            />
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <Typography id="crop-zoom-label" variant="body2" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
            {t('profile.zoom')}
          </Typography>
          <Slider value={zoom} min={MIN_ZOOM} max={MAX_ZOOM} step={0.1} onChange={(_, value) => setZoom(value as number)} aria-labelledby="crop-zoom-label" />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={area === null} onClick={() => area && onConfirm(area)}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
