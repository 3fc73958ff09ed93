import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { pointsOf } from '@/utils/books';

type PointFields = { point1: string; point2: string; point3: string; point4: string; point5: string };

/** The numbered points 1–5 of a Book, skipping the empty ones. */
export function BookPoints({ book }: { book: PointFields }) {
  const { t } = useTranslation();
  const points = pointsOf(book);
  if (points.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="book-points-title" sx={{ mt: 3 }}>
      <Typography id="book-points-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('books.points')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1.5, counterReset: 'point' }}>
        {points.map((point, index) => (
          <Box component="li" key={index} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Box
              aria-hidden
              sx={{
                flex: '0 0 28px',
                height: 28,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                fontWeight: 700,
                fontSize: 14,
              }}
            >
              {index + 1}
            </Box>
            <Typography sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{point}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

type TextSectionProps = { id: string; title: string; text: string; tone?: 'good' | 'bad' | 'plain' };

/** A titled paragraph (good point, weak point, answer); nothing when the text is empty. */
export function BookTextSection({ id, title, text, tone = 'plain' }: TextSectionProps) {
  if (!text.trim()) return null;
  const border = tone === 'good' ? 'primary.main' : tone === 'bad' ? 'secondary.main' : 'divider';
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3, pl: 2, borderLeft: 4, borderColor: border }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <Typography sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{text}</Typography>
    </Box>
  );
}
