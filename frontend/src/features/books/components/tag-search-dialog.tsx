import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BookLanguage, Tag } from '@/api/types';
import { InfiniteList } from '@/components/infinite-list';
import { SearchForm } from './search-form';
import { booksApi } from '../api';

type Props = {
  open: boolean;
  lan: BookLanguage;
  onClose: () => void;
  onPick: (tag: Tag) => void;
};

/** Every tag of a language, searchable, 10 per page. */
export function TagSearchDialog({ open, lan, onClose, onPick }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const tags = booksApi.endpoints.tagSearch.useInfiniteQuery({ lan, q: query || undefined }, { skip: !open });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="tag-search-title" scroll="paper">
      <DialogTitle id="tag-search-title">{t('books.tagSearchTitle')}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 240 }}>
        <SearchForm label={t('books.tagSearchLabel')} initial={query} onSearch={setQuery} />
        <InfiniteList<Tag>
          query={tags}
          getKey={(tag) => tag.id}
          label={t('books.tagList')}
          minItemWidth={120}
          renderItem={(tag) => <Chip label={tag.attributeName} onClick={() => onPick(tag)} variant="outlined" color="primary" sx={{ maxWidth: '100%' }} />}
          empty={<Typography color="text.secondary">{t('books.tagSearchEmpty')}</Typography>}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
