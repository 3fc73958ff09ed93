import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import { useTranslation } from 'react-i18next';
import type { UploadedFile } from '@/api/types';
import { InfiniteList } from '@/components/infinite-list';
import { LoadingState } from '@/components/loading-state';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { PostDataFab } from '@/features/uploads/components/post-data-fab';
import { UploadedFileRow } from '@/features/uploads/components/uploaded-file-row';
import { useSession } from '@/hooks/use-session';
import { UPLOAD_POLL_MS, isGenerating } from '@/utils/books';
import { EmptyState } from '@/features/books/components/empty-state';
import { uploadsApi } from '@/features/uploads/api';

/**
 * The user's files. While any of their Books is being made, the list polls every 2 seconds
 * (RTK Query refetches each page it holds), so every row follows its file's generation.
 */
function PostedFiles({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [generating, setGenerating] = useState(false);
  const files = uploadsApi.endpoints.uploadedFiles.useInfiniteQuery(
    { userId },
    { pollingInterval: generating ? UPLOAD_POLL_MS : 0, skipPollingIfUnfocused: false },
  );
  const anyGenerating = (files.data?.pages ?? []).some((page) => page.some((file) => isGenerating(file.status)));
  useEffect(() => setGenerating(anyGenerating), [anyGenerating]);
  return (
    <InfiniteList<UploadedFile>
      query={files}
      getKey={(file) => file.id}
      label={t('upload.postedList')}
      renderItem={(file) => <UploadedFileRow file={file} />}
      empty={<EmptyState message={t('upload.postedEmpty')} />}
    />
  );
}

/** /posteddata: the user's data files and the state of their Books. */
export function PostedDataRoute() {
  const { t } = useTranslation();
  const { isLoggedIn, profile } = useSession();

  let body;
  if (!isLoggedIn) body = <LoginPrompt />;
  else if (!profile) body = <LoadingState />;
  else {
    body = (
      <>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <PostDataFab
            // Stay here: the upload invalidates the list, which refetches with the new file.
            onUploaded={() => undefined}
            renderButton={(open) => (
              <Button variant="contained" startIcon={<PostAddOutlined />} onClick={open}>
                {t('books.postData')}
              </Button>
            )}
          />
        </Box>
        <PostedFiles userId={profile.userProfile} />
      </>
    );
  }
  return (
    <PageContainer title={t('upload.postedTitle')} width="wide">
      {body}
    </PageContainer>
  );
}
