import { api } from '@/api/api';
import { parseId } from '@/features/books/utils/book-id';
import { PHONE_MEDIA, WIDE_MEDIA, phoneCoverUrl } from '@/lib/cover-image';
import type { AppStore } from './store';

/**
 * A Book opened from outside (a shared link, a search result): its data is asked for as soon as
 * the app starts, while the route's code is still on its way, and its cover (the largest thing on
 * the first screen) is preloaded at high priority as soon as its address is known, before the
 * page's text asks for its font files and its lists for their images. On a slow phone link the
 * cover otherwise started only after the route's code, the Book's data and a dozen font files.
 * The route then finds the data in the cache (the same query) and the image in the memory cache.
 */
export function prefetchFirstScreen(store: AppStore, pathname: string) {
  const match = /^\/mono\/([^/]+)\/?$/.exec(pathname);
  const pageId = parseId(match?.[1]);
  if (pageId === null) return;
  void store.dispatch(api.endpoints.getPageInfo.initiate({ pageId }, { subscribe: false })).then(({ data }) => {
    if (!data?.img) return;
    // The copy the page's <picture> shows (book-cover.tsx): on a phone the 640-px one.
    const phone = phoneCoverUrl(data.img);
    if (phone) preloadImage(phone, PHONE_MEDIA);
    preloadImage(data.img, phone ? WIDE_MEDIA : undefined);
  });
}

/** A `<link rel="preload" as="image" fetchpriority="high">` for the address (on screens matching `media`), once. */
function preloadImage(href: string, media?: string) {
  if (document.head.querySelector(`link[rel="preload"][as="image"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.href = href;
  if (media) link.media = media;
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}
