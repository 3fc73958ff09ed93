import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import type { BookFile, DownloadedFile } from '@/api/types';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { FILE_BUTTON_LENGTH } from '@/utils/books';

/** Hands a downloaded file to the browser's save mechanism. */
function save({ objectUrl, fileName }: DownloadedFile, fallbackName: string): void {
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/** Up to 3 data files of a Book, each with a download button. */
export function FileDownloads({ files }: { files: BookFile[] }) {
  const { t } = useTranslation();
  const showSnack = useSnackbar();
  const promptLogin = useLoginPrompt();
  const { isLoggedIn } = useSession();
  const [download] = api.endpoints.downloadFile.useMutation();
  const [busyId, setBusyId] = useState<number | null>(null);

  const onDownload = async (file: BookFile) => {
    if (!isLoggedIn) {
      promptLogin('Mono20');
      return;
    }
    setBusyId(file.id);
    const result = await download({ fileIdDto: { file_id: file.id } });
    setBusyId(null);
    const data = 'data' in result ? (result.data as DownloadedFile | undefined) : undefined;
    if (data?.objectUrl) {
      save(data, file.title);
      showSnack(t('DataDownload1'), 'success');
    } else showSnack(t('DataDownload2'), 'error');
  };

  if (files.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="book-files-title" sx={{ mt: 3 }}>
      <Typography id="book-files-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('books.files')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {files.slice(0, 3).map((file) => (
          <Button
            key={file.id}
            variant="outlined"
            startIcon={<DownloadOutlined />}
            onClick={() => void onDownload(file)}
            disabled={busyId === file.id}
            aria-label={t('books.download', { title: file.title })}
            title={file.title}
          >
            {/* The whole title, cut by CSS: the visible text stays part of the button's name (WCAG 2.5.3). */}
            <Box
              component="span"
              sx={{ display: 'block', maxWidth: `${FILE_BUTTON_LENGTH}em`, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {busyId === file.id ? t('books.downloading') : file.title}
            </Box>
          </Button>
        ))}
      </Box>
    </Box>
  );
}
