import '@/i18n/circles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useTranslation } from 'react-i18next';

/** The circle's icon, enlarged. */
export function IconDialog({ title, image, onClose }: { title: string; image: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} slotProps={{ paper: { 'aria-label': t('circles.icon', { title }) } }}>
      <DialogContent sx={{ p: 1 }}>
        {image ? (
          <Box component="img" src={image} alt={t('circles.icon', { title })} sx={{ display: 'block', width: 'min(400px, 80vw)', height: 'auto' }} />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('circles.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
