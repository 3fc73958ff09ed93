import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from '@/api/api';
import { useSession } from '@/hooks/use-session';
import { pageWasServerRendered } from '@/hooks/use-hydrated';
import { rememberVisit, welcomeDue, welcomesOn } from '../utils/welcome-rule';
import { anyProvider, loadProviderButtons } from './provider-sign-in';

// The dialog's code (and the provider buttons) loads only when a visitor is welcomed.
const loadDialog = () => import('./welcome-dialog');
const WelcomeDialog = lazy(() => loadDialog().then((module) => ({ default: module.WelcomeDialog })));

/** What a visitor does first on a page (scrolling included). */
const FIRST_ACTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Mounted once in the app layout: welcomes visitors whose last visit was more than 3 hours ago.
 *
 * The dialog opens whole: what decides its content (the intro video or the walkthrough, and
 * whether there are provider buttons) is asked for at once, beside the dialog's code, and the
 * dialog opens when all of it is here. Opened earlier, it grew as each part arrived and moved
 * on the screen (a layout shift of 0.25–0.38 on a phone's first visit).
 */
export function Welcome() {
  const { isLoggedIn } = useSession();
  const { pathname } = useLocation();
  // The welcome opens on a front door only: a visitor who came by a deep link (an invitation, a
  // shared Book, a sign-in step) sees what it opens, and is welcomed when they reach a front door,
  // in this page load or a later one. A page load counts as a visit (the 3-hour rule) once it is
  // not due a welcome, or once the welcome has opened.
  // (Not on the server: it renders no dialog, and a visit is the browser's to count.)
  const [due] = useState(() => !import.meta.env.SSR && !isLoggedIn && welcomeDue(globalThis.localStorage));
  const [opened, setOpened] = useState(false);
  const atFrontDoor = welcomesOn(pathname);
  useEffect(() => {
    if (!due) rememberVisit(globalThis.localStorage);
  }, [due]);
  useEffect(() => {
    if (!due || !atFrontDoor) return;
    rememberVisit(globalThis.localStorage);
    setOpened(true);
  }, [due, atFrontDoor]);
  const show = (opened || (due && atFrontDoor)) && !isLoggedIn;
  const videos = api.endpoints.helpVideos.useQuery(undefined, { skip: !show });
  const providers = api.endpoints.signInProviders.useQuery(undefined, { skip: !show });
  const withButtons = anyProvider(providers.data);
  const [codeReady, setCodeReady] = useState(false);
  // On a page the server rendered, the welcome opens at the visitor's first act (a scroll, a tap, a
  // key), not by itself: its dialog, painted after the page's content, was a larger paint than
  // anything on a phone's first screen and became the page's largest contentful paint, seconds
  // after the content (docs/benchmarks.md). The browser stops counting that paint at the first
  // input. Its data and code are fetched meanwhile, so it opens at once, whole.
  const [acted, setActed] = useState(() => !pageWasServerRendered());
  useEffect(() => {
    if (acted || !show) return;
    const act = () => setActed(true);
    for (const type of FIRST_ACTS) window.addEventListener(type, act, { capture: true, passive: true, once: true });
    return () => {
      for (const type of FIRST_ACTS) window.removeEventListener(type, act, { capture: true });
    };
  }, [acted, show]);
  useEffect(() => {
    if (!show || videos.isLoading || providers.isLoading) {
      if (show) void loadDialog(); // the code downloads while the data is on its way
      return;
    }
    let live = true;
    // A failed part does not hold the welcome back (the dialog falls back: the walkthrough, no buttons).
    void Promise.all([loadDialog(), withButtons ? loadProviderButtons() : undefined])
      .catch(() => undefined)
      .then(() => live && setCodeReady(true));
    return () => {
      live = false;
    };
  }, [show, videos.isLoading, providers.isLoading, withButtons]);
  if (!show || !codeReady || !acted) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialog />
    </Suspense>
  );
}
