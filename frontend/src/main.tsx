import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { currentLanguage, i18n, loadLanguage } from './i18n';
import { prefetchFirstScreen } from './app/first-screen';
import { preloadArrivalRoute, routeCodeLoading } from './app/router';
import { apiBusy, createAppStore } from './app/store';
import { loadWebFontAfterFirstScreen } from './app/web-font';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

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
