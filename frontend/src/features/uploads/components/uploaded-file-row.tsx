import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import type { UploadedFile } from '@/api/types';
import { RelativeTime } from '@/components/relative-time';
import { UploadStatus } from './upload-status';

type Props = { file: UploadedFile };

/** One posted data file: title, stored name, when, and its Book's state. */
export function UploadedFileRow({ file }: Props) {
  return (
    <Card sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <InsertDriveFileOutlined color="primary" aria-hidden />
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Typography component="h3" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
          {file.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {file.file} · <RelativeTime iso={file.created_on} />
        </Typography>
      </Box>
      <UploadStatus file={file} />
    </Card>
  );
}
