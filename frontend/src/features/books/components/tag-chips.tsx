import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@/api/types';
import { TAG_CHIP_SX } from '@/utils/books';

type Props = {
  tags: Tag[] | undefined;
  selectedId: number | null;
  onToggle: (tag: Tag) => void;
  onSeeAll: () => void;
};

/** A row of tag chips; the selected one is filled and clears the filter when clicked again. */
export function TagChips({ tags, selectedId, onToggle, onSeeAll }: Props) {
  const { t } = useTranslation();
  return (
    <Box role="group" aria-label={t('books.tags')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', my: 1 }}>
      {tags === undefined
        ? [0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" width={72} height={32} />)
        : tags.map((tag) => {
            const selected = tag.id === selectedId;
            return (
              <Chip
                key={tag.id}
                icon={<LocalOfferOutlined aria-hidden />}
                label={tag.attributeName}
                sx={TAG_CHIP_SX}
                title={tag.attributeName}
                aria-label={tag.attributeName}
                aria-pressed={selected}
                color="primary"
                variant={selected ? 'filled' : 'outlined'}
                onClick={() => onToggle(tag)}
              />
            );
          })}
      <Button size="small" onClick={onSeeAll}>
        {t('books.seeAllTags')}
      </Button>
    </Box>
  );
}
