import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '@/api/api';
import { TAG_CHIP_SX } from '@/utils/books';

/** The tags of a Book, each linking to its Books on /recommend. */
export function BookTags({ bookId }: { bookId: number }) {
  const { t } = useTranslation();
  const { data: tags } = api.endpoints.listAttributesOfPage.useQuery({ id: bookId });
  if (!tags || tags.length === 0) return null;
  return (
    <Box component="ul" aria-label={t('books.tags')} sx={{ listStyle: 'none', m: 0, p: 0, mt: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <Chip
            component={RouterLink}
            to={`/recommend?attid=${tag.id}`}
            clickable
            icon={<LocalOfferOutlined aria-hidden />}
            label={tag.attributeName}
            sx={TAG_CHIP_SX}
            title={tag.attributeName}
            aria-label={tag.attributeName}
            color="primary"
            variant="outlined"
          />
        </li>
      ))}
    </Box>
  );
}
