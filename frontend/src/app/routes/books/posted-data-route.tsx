import { useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import type { UploadedFile } from '@/api/types';
import { InfiniteList } from '@/components/infinite-list';
import { LoadingState } from '@/components/loading-state';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { PostDataFab } from '@/components/post-data-fab';
import { UploadedFileRow } from '@/components/uploaded-file-row';
import { useSession } from '@/hooks/use-session';
import { UPLOAD_POLL_MS, isGenerating } from '@/utils/books';
import { EmptyState } from '@/features/books/components/empty-state';

type ItemProps = { file: UploadedFile; page: number; userId: number };

/**
 * One row that follows its file's generation: while the Book is being made it polls the page
 * of the list it came from (rows of one page share that request) every 2 seconds.
 */
function PolledFile({ file, page, userId }: ItemProps) {
  const [generating, setGenerating] = useState(isGenerating(file.status));
  const { fresh } = api.endpoints.listUploadedFiles.useQuery(
    { userId, count: page },
    {
      pollingInterval: generating ? UPLOAD_POLL_MS : 0,
      skipPollingIfUnfocused: false,
      selectFromResult: ({ data }) => ({ fresh: data?.find((item) => item.id === file.id) }),
    },
  );
  const current = fresh ?? file;
  useEffect(() => setGenerating(isGenerating(current.status)), [current.status]);
  return <UploadedFileRow file={current} />;
}

function PostedFiles({ userId, listKey }: { userId: number; listKey: number }) {
  const { t } = useTranslation();
  const [listFiles] = api.endpoints.listUploadedFiles.useLazyQuery();
  const fetchPage = useCallback((page: number) => listFiles({ userId, count: page }).unwrap(), [listFiles, userId]);
  return (
    <InfiniteList<UploadedFile>
      key={listKey}
      fetchPage={fetchPage}
      getKey={(file) => file.id}
      label={t('upload.postedList')}
      renderItem={(file, page) => <PolledFile file={file} page={page} userId={userId} />}
      empty={<EmptyState message={t('upload.postedEmpty')} />}
    />
  );
}

/** /posteddata: the user's data files and the state of their Books. */
export function PostedDataRoute() {
  const { t } = useTranslation();
  const { isLoggedIn, profile } = useSession();
  const [listKey, setListKey] = useState(0);

  let body;
  if (!isLoggedIn) body = <LoginPrompt />;
  else if (!profile) body = <LoadingState />;
  else {
    body = (
      <>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <PostDataFab
            onUploaded={() => setListKey((key) => key + 1)}
            renderButton={(open) => (
              <Button variant="contained" startIcon={<PostAddOutlined />} onClick={open}>
                {t('books.postData')}
              </Button>
            )}
          />
        </Box>
        <PostedFiles userId={profile.userProfile} listKey={listKey} />
      </>
    );
  }
  return (
    <PageContainer title={t('upload.postedTitle')} width="wide">
      {body}
    </PageContainer>
  );
}
