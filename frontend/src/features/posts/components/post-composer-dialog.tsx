import '@/i18n/circles';
import { Suspense, lazy, useEffect, useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import type { Area } from 'react-easy-crop';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Post } from '@/api/types';
import { useSnackbar } from '@/hooks/use-snackbar';
import { cropToJpeg, jpegFile } from '@/utils/crop-image';
import { wrapAnywhere } from './wrap';
import { postsApi } from '../api';

// The crop dialog (and react-easy-crop) loads only when an image is picked.
const CropDialog = lazy(() => import('@/components/crop-dialog').then((module) => ({ default: module.CropDialog })));

export const RATING_MIN = 5;
export const RATING_MAX = 100;
export const RATING_STEP = 5;
export const RATING_DEFAULT = 70;
export const POST_IMAGE_WIDTH = 400;
export const POST_IMAGE_HEIGHT = 200;
const POST_IMAGE_MAX_BYTES = 204800;

type Props = {
  open: boolean;
  onClose: () => void;
  /** A review of this Book (rating slider); a pure post with an optional image otherwise. */
  book?: { id: number; title: string };
  onPublished?: () => void;
  /**
   * The author's own post to edit instead of a new one: the dialog starts from its text, a
   * review's rating and a pure post's image, and saves with PUT monopost/{id}/.
   */
  post?: Post;
  /** A post to this circle's thread (a pure post with an optional 2:1 image). */
  circle?: { id: number; title: string };
};

type Values = { text: string; rating: number };

/**
 * The create-review dialog and the pure post dialog (2:1 image crop, 400×200), and the same
 * dialogs prefilled for the author's edit of a post.
 */
export function PostComposerDialog({ open, onClose, book, onPublished, post, circle }: Props) {
  const { t } = useTranslation();
  const showSnack = useSnackbar();
  const inputId = useId();
  const sliderLabelId = useId();
  const [create, creating] = postsApi.endpoints.createPost.useMutation();
  const [update, updating] = postsApi.endpoints.updatePost.useMutation();
  // What the dialog shows: a review (rating) or a pure post (image) — of the Book, or as the edited post is.
  const review = post ? (post.reviewTo !== null ? { title: post.title || post.reviewToPage?.title || t('posts.toBook') } : null) : (book ?? null);
  const withImage = post ? post.reviewTo === null && post.purepost_flag : !book;
  const initialRating = post?.rating ?? RATING_DEFAULT;
  const { register, handleSubmit, formState, reset, watch, setValue } = useForm<Values>({
    defaultValues: { text: post?.text ?? '', rating: initialRating },
  });
  const busy = creating.isLoading || updating.isLoading;
  const rating = watch('rating');
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const [image, setImage] = useState<{ file: File; url: string } | null>(null);

  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );
  useEffect(
    () => () => {
      if (image) URL.revokeObjectURL(image.url);
    },
    [image],
  );

  const close = () => {
    reset();
    setImage(null);
    onClose();
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) setPicked({ file, url: URL.createObjectURL(file) });
  };

  const onCrop = async (area: Area) => {
    if (!picked) return;
    let file: File;
    try {
      file = jpegFile(await cropToJpeg(picked.url, area, POST_IMAGE_WIDTH, POST_IMAGE_HEIGHT, POST_IMAGE_MAX_BYTES), picked.file.name);
    } catch (error) {
      console.warn('post image crop failed; the original file is used', error);
      file = picked.file;
    }
    setImage({ file, url: URL.createObjectURL(file) });
    setPicked(null);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (post) {
      try {
        await update({
          id: post.id,
          updatePostDto: {
            text: values.text.trim(),
            // An unrated review gets a rating only when the slider was moved.
            ...(review && (post.rating !== null || values.rating !== initialRating) ? { rating: values.rating } : {}),
            ...(image ? { img: image.file } : {}),
          },
        }).unwrap();
        showSnack(t('posts.saved'));
        close();
      } catch {
        showSnack(t('posts.saveFailed'), 'error');
      }
      return;
    }
    try {
      await create({
        createPostDto: {
          text: values.text.trim(),
          ...(book ? { reviewTo: book.id, rating: values.rating } : { purepost_flag: true }),
          ...(circle ? { communities: [circle.id], communitypost_flag: true } : {}),
          ...(image ? { img: image.file } : {}),
        },
      }).unwrap();
      showSnack(t('posts.published'));
      close();
      onPublished?.();
    } catch {
      showSnack(t('posts.publishFailed'), 'error');
    }
  });

  const titleId = `${inputId}-title`;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>
          {post
            ? review
              ? t('posts.editReviewDialogTitle')
              : t('posts.editPostDialogTitle')
            : review
              ? t('posts.reviewDialogTitle')
              : t('posts.postDialogTitle')}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {circle ? (
            <Typography variant="body2" color="text.secondary" sx={wrapAnywhere}>
              {t('circles.postToCircle', { title: circle.title })}
            </Typography>
          ) : null}
          {review ? (
            <>
              <Typography sx={{ fontWeight: 700, ...wrapAnywhere }}>{review.title}</Typography>
              <Box>
                <Typography id={sliderLabelId} variant="body2" color="text.secondary">
                  {t('posts.rating')}: <strong>{t('posts.ratingValue', { value: rating })}</strong>
                </Typography>
                <Slider
                  value={rating}
                  min={RATING_MIN}
                  max={RATING_MAX}
                  step={RATING_STEP}
                  marks
                  valueLabelDisplay="auto"
                  getAriaValueText={(value) => t('posts.ratingValue', { value })}
                  aria-labelledby={sliderLabelId}
                  onChange={(_, value) => setValue('rating', value as number)}
                />
              </Box>
            </>
          ) : null}
          <TextField
            {...register('text', { validate: (value) => value.trim().length > 0 || t('posts.textRequired') })}
            label={t('posts.text')}
            multiline
            minRows={4}
            fullWidth
            autoFocus
            error={formState.errors.text !== undefined}
            helperText={formState.errors.text?.message}
          />
          {withImage ? (
            <Box>
              {image || post?.img ? (
                <Box
                  component="img"
                  src={image?.url ?? post?.img ?? undefined}
                  alt={t('posts.imagePreview')}
                  sx={{ display: 'block', width: '100%', aspectRatio: '2 / 1', objectFit: 'cover', borderRadius: 2, mb: 1 }}
                />
              ) : null}
              <input id={inputId} type="file" accept="image/*" hidden onChange={onPick} data-testid="post-image-input" />
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button component="label" htmlFor={inputId} variant="outlined" size="small" startIcon={<ImageOutlined />}>
                  {image || post?.img ? t('posts.changeImage') : t('posts.addImage')}
                </Button>
                {image ? (
                  <Button size="small" onClick={() => setImage(null)}>
                    {post?.img ? t('posts.keepImage') : t('posts.removeImage')}
                  </Button>
                ) : null}
              </Box>
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {post ? (busy ? t('posts.saving') : t('posts.save')) : busy ? t('posts.publishing') : t('posts.publish')}
          </Button>
        </DialogActions>
      </Box>
      {picked ? (
        <Suspense fallback={null}>
          <CropDialog
            src={picked.url}
            aspect={POST_IMAGE_WIDTH / POST_IMAGE_HEIGHT}
            title={t('posts.cropTitle')}
            confirmLabel={t('posts.cropConfirm')}
            onCancel={() => setPicked(null)}
            onConfirm={(area) => void onCrop(area)}
          />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
