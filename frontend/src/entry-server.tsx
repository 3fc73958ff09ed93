/**
 * The server renderer of the public screens (built by `vite build --ssr`, loaded by the backend's
 * bootstrap.ts). The same routes and components as the browser's (app/router.tsx): React's
 * renderer with React Router's static handler, RTK Query's data asked for during a render and
 * awaited (its server-rendering mode: base-api.ts), emotion's critical CSS extracted under the key
 * the browser uses ('css'), the store's state serialised for hydrateRoot in main.tsx.
 * See docs/architecture.md "Server rendering".
 */
import { Writable } from 'node:stream';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { api } from '@/api/api';
import type { ServerAnswer, ServerRequest } from '@/api/base-api';
import { setServerRenderTime } from '@/hooks/use-render-time';
import { i18n, loadLanguage, type Language } from '@/i18n';
import { AppProviders } from './app/providers';
import { preloadRoutes, routes } from './app/router';
import { STATE_ELEMENT_ID, createAppStore, type AppStore } from './app/store';
import { bookHead, notFoundHead, renderHeadTags, staticHead, userHead, type HeadContext, type PageHead } from './app/head';
import { publicPage, type PublicPage } from './app/public-pages';

export { publicPage, isPublicPath } from './app/public-pages';

export type RenderRequest = {
  /** Path and query, as asked. */
  url: string;
  lang: Language;
  /** The site's public origin (absolute URLs of the head). */
  origin: string;
  /** How the page's queries reach the API: the backend answers in-process (Fastify's inject). */
  fetch: (request: ServerRequest) => Promise<ServerAnswer>;
};

export type RenderResult = {
  /** 200, or 404 for an unknown Book or user (the not-found page is rendered). */
  status: number;
  lang: Language;
  /** The tags of <head>: title, description, canonical, hreflang, Open Graph, JSON-LD. */
  head: string;
  /** emotion's critical style tags (data-emotion="css …": the browser's cache takes them over). */
  styles: string;
  /** The app's markup, for <div id="root">. */
  html: string;
  /** A <script> that hands the store's state to main.tsx. */
  stateScript: string;
};

let ready: Promise<void> | undefined;
/** Both languages' texts and every route's code, once per process. */
function prepare(): Promise<void> {
  ready ??= Promise.all([loadLanguage('ja'), loadLanguage('en'), preloadRoutes()]).then(() => undefined);
  return ready;
}

/**
 * One render at a time: the texts are one i18next instance whose language a render sets (the
 * renders are CPU work on one thread anyway; the backend caches their HTML).
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** Renders the tree to a string once everything in it (lazy routes, data-free Suspense) is ready. */
function renderAll(node: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(node, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        // A component's error: React renders the nearest boundary's fallback and the browser retries.
        if (process.env.NODE_ENV !== 'test') console.error('server render:', error);
      },
    });
  });
}

/**
 * The state as JSON in a data block (`type="application/json"`: no script runs, so the content
 * security policy's `script-src 'self'` holds); `<` is escaped, so no `</script>` or `<!--` ends it.
 */
export function stateScript(state: unknown, renderedAt: number): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${STATE_ELEMENT_ID}" data-rendered-at="${renderedAt}">${json}</script>`;
}

/** The page's head from its data (app/head: one function per kind of page), and its status. */
function headOf(page: PublicPage, store: AppStore, ctx: HeadContext): { head: PageHead; status: number } {
  const state = store.getState();
  if (page.kind === 'book') {
    const info = api.endpoints.getPageInfo.select({ pageId: page.id })(state);
    if (info.data) return { head: bookHead(info.data, ctx), status: 200 };
    return { head: notFoundHead(ctx), status: 404 };
  }
  if (page.kind === 'user') {
    const profile = api.endpoints.getProfileDetail.select({ id: page.id })(state);
    if (profile.data) return { head: userHead(profile.data, ctx), status: 200 };
    return { head: notFoundHead(ctx), status: 404 };
  }
  if (page.kind === 'notFound') return { head: notFoundHead(ctx), status: 404 };
  return { head: staticHead(page.kind, ctx), status: 200 };
}

/** The not-found answer of a Book or user that is not there (an API error other than 404 is a 500 of the render). */
function missing(page: PublicPage, store: AppStore): boolean {
  const state = store.getState();
  const result =
    page.kind === 'book'
      ? api.endpoints.getPageInfo.select({ pageId: page.id })(state)
      : page.kind === 'user'
        ? api.endpoints.getProfileDetail.select({ id: page.id })(state)
        : undefined;
  const status = (result?.error as { status?: unknown } | undefined)?.status;
  return status === 404;
}

/**
 * Renders a public page for a visitor, or answers null when the path is not one (the backend then
 * serves the client-rendered shell). Throws when the API failed otherwise (the backend falls back
 * to the shell then).
 */
export async function render(request: RenderRequest): Promise<RenderResult | null> {
  const url = new URL(request.url, request.origin);
  const page = publicPage(url.pathname);
  if (!page) return null;
  await prepare();
  return oneAtATime(async () => {
    await i18n.changeLanguage(request.lang);
    const store = createAppStore({ extra: { serverFetch: request.fetch, language: request.lang } });
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(url.href));
    if (context instanceof Response) throw new Error(`a route answered ${context.status} on the server`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const app = (
      <AppProviders store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    );
    // The hooks ask for their data while rendering; a query that needs another's answer starts in
    // the next pass (a user's posts after the user).
    // A pass that asked for nothing new ends it (a failed query is asked again by each render: the
    // page then shows its error, as the browser would before retrying).
    // These passes also load what the page's lazy parts need, so that the last render, to a
    // string, finds everything ready: a page of inline HTML without a script (the streaming
    // renderer moves a large boundary's content to the end of the page, with an inline script to
    // put it in place, which the content security policy refuses).
    const asked = new Set<string>();
    for (let pass = 0; pass < 4; pass++) {
      await renderAll(app);
      const keys = Object.keys(store.getState()[api.reducerPath].queries).filter((key) => !asked.has(key));
      if (!keys.length) break;
      for (const key of keys) asked.add(key);
      // (Every endpoint, the social and circle ones too, is injected into the one `api`.)
      await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    }
    const ctx: HeadContext = { lang: request.lang, origin: request.origin, path: url.pathname, t: (key, opts) => String(i18n.t(key as never, opts as never)) };
    const { head, status } = missing(page, store) ? { head: notFoundHead(ctx), status: 404 } : headOf(page, store, ctx);
    const cache = createCache({ key: 'css' });
    const emotion = createEmotionServer(cache);
    // The relative dates ("3分前") of the page count from now; the browser hydrates them from the same time.
    const renderedAt = Date.now();
    setServerRenderTime(renderedAt);
    const html = renderToString(<CacheProvider value={cache}>{app}</CacheProvider>);
    setServerRenderTime(undefined);
    const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
    return {
      status,
      lang: request.lang,
      head: renderHeadTags(head),
      styles,
      html,
      stateScript: stateScript({ [api.reducerPath]: store.getState()[api.reducerPath] }, renderedAt),
    };
  });
}
