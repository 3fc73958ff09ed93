import { useState } from 'react';
import type { FormEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { TextInput } from '@/components/text-input';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/Clear';
import { useTranslation } from 'react-i18next';

type Props = {
  label: string;
  initial?: string;
  /** Called with the trimmed text; an empty text clears the search. */
  onSearch: (query: string) => void;
};

export function SearchForm({ label, initial = '', onSearch }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  const clear = () => {
    setText('');
    onSearch('');
  };
  return (
    <form role="search" onSubmit={submit}>
      <TextInput
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        type="search"
        margin="dense"
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                {text ? (
                  <IconButton aria-label={t('books.clearSearch')} onClick={clear} edge="end">
                    <ClearIcon />
                  </IconButton>
                ) : null}
                <IconButton type="submit" aria-label={t('books.searchButton')} edge="end">
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </form>
  );
}
