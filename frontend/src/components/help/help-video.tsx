import { useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import { Walkthrough } from './walkthrough';

type Props = {
  which: 'intro' | 'howto';
  /** How the walkthrough shows when there is no video. */
  variant?: 'cards' | 'stepper';
  onNavigate?: () => void;
};

/**
 * The intro or how-to video of the current language, as configured on the server
 * (INTRO_VIDEO_URL_JA/EN, HOWTO_VIDEO_URL_JA/EN); without one — or when a video file fails to
 * play, or the settings cannot be read — the illustrated walkthrough. Never a broken player.
 */
export function HelpVideo({ which, variant = 'cards', onNavigate }: Props) {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = api.endpoints.helpVideos.useQuery();
  const [failed, setFailed] = useState(false);
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  if (isLoading) return <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 9' }} aria-label={t('help.videoLoading')} />;
  const video = data?.[which]?.[language];
  if (!video || failed) return <Walkthrough variant={variant} onNavigate={onNavigate} />;
  const title = t(which === 'intro' ? 'help.introVideoTitle' : 'help.howtoVideoTitle');
  return (
    <Box sx={{ width: '100%', aspectRatio: '16 / 9', borderRadius: 2, overflow: 'hidden', bgcolor: 'grey.900' }}>
      {video.kind === 'embed' ? (
        <iframe
          src={video.src}
          title={title}
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
        />
      ) : (
        <video
          src={video.src}
          title={title}
          aria-label={title}
          controls
          preload="metadata"
          playsInline
          onError={() => setFailed(true)}
          style={{ width: '100%', height: '100%', display: 'block' }}
        />
      )}
    </Box>
  );
}
