import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { TextInput } from '@/components/text-input';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/Clear';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@/api/types';
import { InfiniteList } from '@/components/infinite-list';
import { ProfileTile } from './profile-tile';
import { profileApi } from '../api';

function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const profiles = profileApi.endpoints.profileSearch.useInfiniteQuery({ q: query });
  return (
    <InfiniteList<Profile>
      query={profiles}
      getKey={(profile) => profile.id}
      renderItem={(profile) => <ProfileTile profile={profile} layout="row" />}
      label={t('profile.searchTitle')}
      empty={<Typography color="text.secondary">{t('profile.searchEmpty')}</Typography>}
    />
  );
}

interface ProfileSearchProps {
  /** List every user (newest first) while no search words are entered. */
  listAllWhenEmpty?: boolean;
}

export function ProfileSearch({ listAllWhenEmpty = false }: ProfileSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };
  const clear = () => {
    setText('');
    setQuery('');
  };

  return (
    <Box component="section" aria-labelledby="user-search-title">
      <Typography id="user-search-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('profile.searchTitle')}
      </Typography>
      <form role="search" onSubmit={submit}>
        <TextInput
          label={t('profile.searchLabel')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          type="search"
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  {text ? (
                    <IconButton aria-label={t('profile.clearSearch')} onClick={clear} edge="end">
                      <ClearIcon />
                    </IconButton>
                  ) : null}
                  <IconButton type="submit" aria-label={t('profile.searchButton')} edge="end">
                    <SearchIcon />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </form>
      {query || listAllWhenEmpty ? <SearchResults query={query} /> : null}
    </Box>
  );
}
