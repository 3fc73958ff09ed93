import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/text-input';
import { useSearchParams } from 'react-router-dom';
import { InfiniteList } from '@/components/infinite-list';
import { PageContainer } from '@/components/page-container';
import { PersonRow } from '@/features/follows/components/person-row';
import { followsApi } from '@/features/follows/api';

/** /users: a searchable grid of users and circles; the search is in ?q=. */
export function UsersRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const query = followsApi.endpoints.discover.useInfiniteQuery({ q });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    setParams(text ? { q: text } : {});
  };
  const title = t('follows.usersTitle');
  return (
    <PageContainer title={title} width="wide">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('follows.usersIntro')}
      </Typography>
      <Box component="form" role="search" onSubmit={onSubmit} sx={{ display: 'flex', gap: 1, mb: 3, alignItems: 'center' }}>
        <TextInput
          type="search"
          size="small"
          margin="none"
          fullWidth
          label={t('follows.usersSearchLabel')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="contained">
          {t('follows.search')}
        </Button>
      </Box>
      <InfiniteList
        query={query}
        label={title}
        minItemWidth={260}
        getKey={(item) => `${item.type}-${item.id}`}
        renderItem={(item) => (
          <PersonRow
            person={{ userProfile: item.userProfile, title: item.title, caption: item.caption, img: item.img }}
            to={item.type === 'community' ? `/communitypage/${item.id}` : undefined}
            badge={item.type === 'community' ? <Chip size="small" label={t('follows.circle')} /> : null}
          />
        )}
        empty={<Typography color="text.secondary">{t('follows.usersEmpty')}</Typography>}
      />
    </PageContainer>
  );
}
