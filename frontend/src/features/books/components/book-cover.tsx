import Box from '@mui/material/Box';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_MEDIA, phoneCoverUrl } from '@/lib/cover-image';

type Props = {
  src: string | null | undefined;
  title: string;
  /** Height in px, or per breakpoint. */
  height: number | { xs: number; sm: number };
  rounded?: boolean;
  /** Show the whole image (letterboxed) instead of filling the box: a table cover's caption and axes stay in view. */
  whole?: boolean;
  /**
   * The largest thing on the first screen (a Book's own page): loaded at once and ahead of other
   * images, not lazily (a lazy image waits for layout and then queues behind the page's fonts).
   */
  priority?: boolean;
};

/**
 * A Book's cover, or a calm placeholder with the Book icon when it has none. On a phone the
 * cover's 640-px copy (lib/cover-image.ts); should that copy fail, the cover itself.
 */
export function BookCover({ src, title, height, rounded = false, whole = false, priority = false }: Props) {
  const { t } = useTranslation();
  // The address whose phone copy failed to load: shown without it from then on.
  const [phoneCopyFailed, setPhoneCopyFailed] = useState<string | null>(null);
  const radius = rounded ? 2 : 0;
  if (src) {
    const phone = phoneCopyFailed === src ? null : phoneCoverUrl(src);
    // A server-rendered image may have failed before hydration attached onError: look once mounted.
    const seeIfBroken = (el: HTMLImageElement | null) => {
      if (el && phone && el.complete && el.naturalWidth === 0 && el.currentSrc) setPhoneCopyFailed(src);
    };
    const img = (
      <Box
        component="img"
        ref={seeIfBroken}
        src={src}
        alt={t('books.coverOf', { title })}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        onError={phone ? () => setPhoneCopyFailed(src) : undefined}
        sx={{ display: 'block', width: '100%', height, objectFit: whole ? 'contain' : 'cover', borderRadius: radius, bgcolor: 'grey.100' }}
      />
    );
    if (!phone) return img;
    return (
      <picture style={{ display: 'contents' }}>
        <source media={PHONE_MEDIA} srcSet={phone} />
        {img}
      </picture>
    );
  }
  return (
    <Box
      role="img"
      aria-label={t('books.noCover')}
      sx={{
        height,
        borderRadius: radius,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'primary.main',
        background: 'linear-gradient(135deg, #e6f1f2 0%, #fbe9df 100%)',
      }}
    >
      <AutoStoriesOutlined sx={{ fontSize: 40 }} aria-hidden />
    </Box>
  );
}
