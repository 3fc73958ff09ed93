/**
 * Noto Sans JP, self-hosted (@fontsource-variable/noto-sans-jp, ui.md), is the typeface people end
 * up seeing, but it no longer competes with the first screen. Its style sheet (@font-face rules
 * with `unicode-range` subsets, `font-display: swap`) is attached only once the first screen is
 * shown: after the window's load event, when no route code, no API call and no image on screen
 * has been on its way for a moment (or at the latest MAX_WAIT_MS after load). Until then the page
 * paints in the system fonts that follow it in the theme's font-family stack (Hiragino, Noto Sans
 * CJK JP, Yu Gothic, Meiryo); then the browser fetches the subsets the page's text needs and swaps
 * them in (text is never invisible).
 *
 * Measured on a throttled phone (docs/benchmarks.md, "The first visit"): its 25 subset files
 * (about 570 KB, fetched at the highest priority) made a Book's cover, the API calls and the
 * route's code queue behind them on the six HTTP/1.1 connections of a slow link.
 */

/** How long nothing must be on its way before the first screen counts as shown. */
export const QUIET_MS = 500;
/** The latest the font is attached, counted from the load event (a page that never rests). */
export const MAX_WAIT_MS = 10_000;
const POLL_MS = 100;

/** Attaches the style sheet (Vite: a dynamic import of the CSS, a `<link>` in the build). */
const attachStyleSheet = () => import('@fontsource-variable/noto-sans-jp');

let attached: Promise<unknown> | undefined;

/** Attaches the web font's style sheet now, once. */
export function loadWebFont(load: () => Promise<unknown> = attachStyleSheet): Promise<unknown> {
  attached ??= load().catch(() => {
    // The system fonts stay; a later call may try again.
    attached = undefined;
  });
  return attached;
}

/** Whether an image on screen is still loading. */
function imageOnScreenLoading(): boolean {
  for (const img of Array.from(document.images)) {
    if (img.complete) continue;
    const box = img.getBoundingClientRect();
    // Not laid out (hidden): a lazy image there never loads.
    if (box.width === 0 && box.height === 0) continue;
    if (box.bottom >= 0 && box.top <= window.innerHeight && box.right >= 0 && box.left <= window.innerWidth) return true;
  }
  return false;
}

/**
 * Calls `load` once the first screen is shown (see above). `busy` says whether the app still waits
 * for something of its own (route code, API answers).
 */
export function loadWebFontAfterFirstScreen(busy: () => boolean, load: () => Promise<unknown> = attachStyleSheet): void {
  const afterLoad = () => {
    const started = Date.now();
    let quietSince = started;
    let resources = performance.getEntriesByType('resource').length;
    const check = () => {
      const now = Date.now();
      const seen = performance.getEntriesByType('resource').length;
      if (seen !== resources || busy() || imageOnScreenLoading()) {
        resources = seen;
        quietSince = now;
      }
      if (now - quietSince >= QUIET_MS || now - started >= MAX_WAIT_MS) void loadWebFont(load);
      else window.setTimeout(check, POLL_MS);
    };
    window.setTimeout(check, POLL_MS);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
