import { Suspense, lazy, useState } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '@/api/api';
import type { BookLanguage, Tag } from '@/api/types';
import { PageContainer } from '@/components/page-container';
import { PostDataFab } from '@/features/uploads/components/post-data-fab';
import { BookList } from '@/features/books/components/book-list';
import { EmptyState } from '@/features/books/components/empty-state';
import { SearchForm } from '@/features/books/components/search-form';
import { TagChips } from '@/features/books/components/tag-chips';
import { parseId } from '@/features/books/utils/book-id';
import { booksApi } from '@/features/books/api';

// Every tag, searchable: loaded when the user first asks for it.
const TagSearchDialog = lazy(() => import('@/features/books/components/tag-search-dialog').then((module) => ({ default: module.TagSearchDialog })));

/** Which Books the list shows: a search, a tag, or the newest of a language. */
type Source = { kind: 'search'; query: string } | { kind: 'tag'; id: number } | { kind: 'language'; lan: BookLanguage };

/** The infinite query of the source; the others are skipped. */
function useBookSource(source: Source) {
  const search = booksApi.endpoints.searchBooks.useInfiniteQuery({ query: source.kind === 'search' ? source.query : '' }, { skip: source.kind !== 'search' });
  const ofTag = booksApi.endpoints.booksOfTag.useInfiniteQuery({ id: source.kind === 'tag' ? source.id : 0 }, { skip: source.kind !== 'tag' });
  const byLanguage = booksApi.endpoints.booksByLanguage.useInfiniteQuery(
    { lan: source.kind === 'language' ? source.lan : 'en' },
    { skip: source.kind !== 'language' },
  );
  if (source.kind === 'search') return search;
  if (source.kind === 'tag') return ofTag;
  return byLanguage;
}

/** /recommend and /revommendpages: Books by language, tag or search. */
export function RecommendRoute() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tagId = parseId(params.get('attid'));
  const [lan, setLan] = useState<BookLanguage>(i18n.language === 'ja' ? 'ja' : 'en');
  // The search is in the address (?q=), so a refresh or a shared link keeps it.
  const query = params.get('q') ?? '';
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogUsed, setDialogUsed] = useState(false);
  const { data: tags } = api.endpoints.listAttributes.useQuery({ lan, count: 0 });
  const tagInRow = tags?.some((tag) => tag.id === tagId) ?? false;
  // A tag picked in the dialog (or from a link) may not be in the first row: show it too.
  const { data: pickedTag } = api.endpoints.getAttribute.useQuery({ id: tagId ?? 0 }, { skip: tagId === null || tags === undefined || tagInRow });
  const rowTags = tags && pickedTag && !tagInRow ? [pickedTag, ...tags] : tags;
  const selectedTag = rowTags?.find((tag) => tag.id === tagId);

  const source: Source = query ? { kind: 'search', query } : tagId !== null ? { kind: 'tag', id: tagId } : { kind: 'language', lan };
  const books = useBookSource(source);

  /** A tag or a search (one at a time) as a new history entry. */
  const show = (change: { tag: number | null } | { q: string }) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('q');
        if ('tag' in change) {
          if (change.tag === null) next.delete('attid');
          else next.set('attid', String(change.tag));
        } else if (change.q) {
          next.delete('attid');
          next.set('q', change.q);
        }
        return next;
      },
      { replace: false },
    );
  };
  const setTag = (id: number | null) => show({ tag: id });
  const toggleTag = (tag: Tag) => setTag(tag.id === tagId ? null : tag.id);
  const onSearch = (text: string) => show({ q: text });

  let heading: string | null = null;
  let empty = t('books.listEmpty');
  if (source.kind === 'search') {
    heading = t('books.resultsFor', { query: source.query });
    empty = t('books.searchEmpty');
  } else if (source.kind === 'tag') {
    heading = selectedTag ? t('books.booksOfTag', { name: selectedTag.attributeName }) : null;
    empty = t('books.tagEmpty');
  }

  return (
    <PageContainer title={t('books.recommendTitle')} width="wide">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('books.recommendIntro')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <ToggleButtonGroup
          value={lan}
          exclusive
          size="small"
          color="primary"
          aria-label={t('books.language')}
          onChange={(_, value: BookLanguage | null) => {
            if (value) setLan(value);
          }}
        >
          <ToggleButton value="ja" lang="ja">
            {t('books.languageJa')}
          </ToggleButton>
          <ToggleButton value="en" lang="en">
            {t('books.languageEn')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <SearchForm key={query === '' ? 'empty' : `q:${query}`} label={t('books.searchLabel')} initial={query} onSearch={onSearch} />
        </Box>
      </Box>
      <TagChips
        tags={rowTags}
        selectedId={tagId}
        onToggle={toggleTag}
        onSeeAll={() => {
          setDialogUsed(true);
          setDialogOpen(true);
        }}
      />
      {heading ? (
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, my: 1 }}>
          {heading}
        </Typography>
      ) : null}
      <BookList query={books} empty={<EmptyState message={empty} />} firstCoverFirst />
      {dialogUsed ? (
        <Suspense fallback={null}>
          <TagSearchDialog
            open={dialogOpen}
            lan={lan}
            onClose={() => setDialogOpen(false)}
            onPick={(tag) => {
              setDialogOpen(false);
              setTag(tag.id);
            }}
          />
        </Suspense>
      ) : null}
      <PostDataFab loginMessage="Home3" />
    </PageContainer>
  );
}
