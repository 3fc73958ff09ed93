import Box from '@mui/material/Box';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import { useTranslation } from 'react-i18next';

type Props = {
  src: string | null | undefined;
  title: string;
  /** Height in px, or per breakpoint. */
  height: number | { xs: number; sm: number };
  rounded?: boolean;
  /** Show the whole image (letterboxed) instead of filling the box: a table cover's caption and axes stay in view. */
  whole?: boolean;
};

/** A Book's cover, or a calm placeholder with the Book icon when it has none. */
export function BookCover({ src, title, height, rounded = false, whole = false }: Props) {
  const { t } = useTranslation();
  const radius = rounded ? 2 : 0;
  if (src) {
    return (
      <Box
        component="img"
        src={src}
        alt={t('books.coverOf', { title })}
        loading="lazy"
        sx={{ display: 'block', width: '100%', height, objectFit: whole ? 'contain' : 'cover', borderRadius: radius, bgcolor: 'grey.100' }}
      />
    );
  }
  return (
    <Box
      role="img"
      aria-label={t('books.noCover')}
      sx={{
        height,
        borderRadius: radius,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'primary.main',
        background: 'linear-gradient(135deg, #e6f1f2 0%, #fbe9df 100%)',
      }}
    >
      <AutoStoriesOutlined sx={{ fontSize: 40 }} aria-hidden />
    </Box>
  );
}
