import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { currentLanguage, i18n, isLanguage, loadLanguage } from './i18n';
import { prefetchFirstScreen } from './app/first-screen';
import { preloadArrivalRoute, preloadRouteOf, routeCodeLoading } from './app/router';
import { apiBusy, createAppStore, renderedState } from './app/store';
import { loadWebFontAfterFirstScreen } from './app/web-font';
import { mirrorSession } from './lib/session-marker';
import { setServerRenderTime } from './hooks/use-render-time';
import { markServerRendered } from './hooks/use-hydrated';
import { readToken } from './lib/token-storage';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The server's cookies follow this browser's session and language choice (bootstrap.ts reads them).
mirrorSession();
const rendered = renderedState();

if (rendered && !readToken()) {
  // A page the server rendered (a visitor on a public screen): hydrated in the language it was
  // rendered in, with its data and its route's code at hand, so that the first render matches
  // the HTML and nothing moves or loads again.
  const language = isLanguage(document.documentElement.lang) ? document.documentElement.lang : currentLanguage();
  const store = createAppStore({ preloadedState: rendered.state });
  setServerRenderTime(rendered.renderedAt);
  markServerRendered();
  await Promise.all([preloadRouteOf(window.location.pathname), loadLanguage(language)]);
  await i18n.changeLanguage(language);
  loadWebFontAfterFirstScreen(() => routeCodeLoading() || apiBusy(store));
  hydrateRoot(
    container,
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
} else {
  // (A browser holding a token that was sent a visitor's page, before its cookie said so: the app
  // renders anew over it.)
  // The code of the screen the visitor arrives on downloads beside the texts, not after them.
  preloadArrivalRoute(window.location.pathname);
  // The first paint is in the user's language: load its texts (Japanese is a chunk of its own) first.
  await loadLanguage(currentLanguage());
  await i18n.changeLanguage(currentLanguage());
  // Its data is asked for before the first render (the API answers in the reader's language).
  const store = createAppStore();
  prefetchFirstScreen(store, window.location.pathname);
  // Noto Sans JP comes after the first screen (its subset files delayed the cover and the API calls).
  loadWebFontAfterFirstScreen(() => routeCodeLoading() || apiBusy(store));

  createRoot(container).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}
