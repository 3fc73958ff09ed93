import accepts from 'accepts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as zlib from 'node:zlib';

/**
 * The public screens as HTML with their content, for visitors (crawlers and link-preview bots
 * included): the frontend's server renderer (frontend/src/entry-server.tsx, built into
 * frontend/dist-server) renders the same React components the browser hydrates; the page's API
 * calls are answered in-process (Fastify's inject). See docs/architecture.md "Server rendering".
 */

type Language = 'ja' | 'en';

/** What frontend/src/entry-server.tsx exports (its bundle is loaded at start, not compiled here). */
interface ServerRenderer {
  isPublicPath(pathname: string): boolean;
  render(request: { url: string; lang: Language; origin: string; fetch: (request: ServerRequest) => Promise<ServerAnswer> }): Promise<{
    status: number;
    lang: Language;
    head: string;
    styles: string;
    html: string;
    stateScript: string;
  } | null>;
}

/**
 * Who asked for a page, as its queries pass it on (taken when the request comes: a render in the
 * background outlives the request's socket).
 */
type Asker = { headers: Record<string, string>; remoteAddress: string | undefined };

/** A query of a page on the server, and its answer (frontend src/api/base-api.ts). */
type ServerRequest = { method: string; url: string; headers: Record<string, string> };
type ServerAnswer = { status: number; contentType: string; body: string };

/** A rendered page, kept for a short while (and its compressed copies, made once). */
interface RenderedPage {
  status: number;
  body: Buffer;
  etag: string;
  lang: Language;
  at: number;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

/** How long a cache may serve it stale while it asks again. */
export const PAGE_STALE_SECONDS = 600;
const MAX_PAGES = 500;
/**
 * How long after a visitor got a kept page past its time it is rendered anew: a render holds the
 * process's one thread for 0.1–1.5 s, and right after its HTML the visitor's browser asks for the
 * page's cover, scripts and data, which would wait behind it (on a phone: the LCP image by as much).
 */
const REFRESH_DELAY_MS = 3000;

/** The cookie the app sets while it holds a token (frontend lib/session-marker.ts): no secret. */
const SIGNED_IN_COOKIE = 'mb_signed_in';
const LANGUAGE_COOKIE = 'lang';

export function cookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

const isLanguage = (value: unknown): value is Language => value === 'ja' || value === 'en';

/**
 * The language of a public page: `?lang=` for this page view, else the visitor's saved choice
 * (the `lang` cookie the app mirrors), else Accept-Language, else Japanese (a crawler without any).
 */
export function pageLanguage(request: FastifyRequest): Language {
  const asked = new URL(request.url, 'http://x').searchParams.get('lang');
  if (isLanguage(asked)) return asked;
  const saved = cookie(request, LANGUAGE_COOKIE);
  if (isLanguage(saved)) return saved;
  const header = request.headers['accept-language'];
  if (typeof header === 'string' && header.trim()) {
    const best = accepts(request.raw).languages(['ja', 'en']);
    if (isLanguage(best)) return best;
  }
  return 'ja';
}

/** Whether the browser holds a session (its pages are never a cached visitor page). */
export function signedIn(request: FastifyRequest): boolean {
  return cookie(request, SIGNED_IN_COOKIE) === '1';
}

/** The page's cache key: its path, its query without `lang` (sorted), its language. */
function pageKey(url: URL, lang: Language): string {
  const params = [...url.searchParams].filter(([name]) => name !== 'lang').sort(([a], [b]) => a.localeCompare(b));
  return `${lang} ${url.pathname}?${new URLSearchParams(params).toString()}`;
}

/** The headers of the visitor's request that the page's queries pass on, and their address. */
function askerOf(request: FastifyRequest): Asker {
  const headers: Record<string, string> = {};
  for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'user-agent']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return { headers, remoteAddress: request.socket.remoteAddress };
}

export class PageRenderer {
  private readonly pages = new Map<string, RenderedPage>();
  private readonly rendering = new Map<string, Promise<RenderedPage | null>>();
  /** The pages to be rendered anew shortly (REFRESH_DELAY_MS). */
  private readonly refreshing = new Set<string>();

  private constructor(
    private readonly fastify: FastifyInstance,
    private readonly renderer: ServerRenderer,
    private readonly template: string,
    private readonly origin: (request: FastifyRequest) => string,
    /** How long a visitor's page is served from the process's memory, and may be kept by caches (PAGE_CACHE_SECONDS). */
    private readonly ttlSeconds: number,
  ) {}

  /**
   * The renderer of the build beside `dist` (dist-server/entry-server.js), or undefined when the
   * build has none (then every page is the client-rendered app, as before).
   */
  static async load(
    fastify: FastifyInstance,
    dist: string,
    origin: (request: FastifyRequest) => string,
    ttlSeconds: number,
  ): Promise<PageRenderer | undefined> {
    const entry = path.join(dist, '..', 'dist-server', 'entry-server.js');
    if (!fs.existsSync(entry)) return undefined;
    const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    if (!template.includes('<div id="root"></div>') || !/<title>[^<]*<\/title>/.test(template)) {
      fastify.log.warn('frontend/dist/index.html has no <div id="root"></div> or <title>: pages are not server-rendered');
      return undefined;
    }
    const renderer = (await import(pathToFileURL(entry).href)) as ServerRenderer;
    return new PageRenderer(fastify, renderer, template, origin, ttlSeconds);
  }

  isPublicPath(pathname: string): boolean {
    return this.renderer.isPublicPath(pathname);
  }

  /**
   * The page for a visitor: from memory while fresh, else rendered (once for requests that ask
   * together). A kept page past its time (up to PAGE_STALE_SECONDS more, as the Cache-Control
   * header lets any cache do) is sent at once and rendered anew in the background a few seconds
   * later: no visitor waits for a render of a page that was there a minute ago (a render is
   * 0.1–1.5 s of server time, up to 5 s on a busy machine, all of it before the page's first
   * byte on a phone), nor for its images and scripts behind it.
   */
  async page(request: FastifyRequest): Promise<RenderedPage | null> {
    const lang = pageLanguage(request);
    const origin = this.origin(request);
    const url = new URL(request.url, origin);
    const key = `${origin} ${pageKey(url, lang)}`;
    const asker = askerOf(request);
    const kept = this.pages.get(key);
    const age = kept ? Date.now() - kept.at : Infinity;
    if (kept && age < this.ttlSeconds * 1000) return kept;
    if (kept && age < (this.ttlSeconds + PAGE_STALE_SECONDS) * 1000) {
      if (!this.refreshing.has(key)) {
        this.refreshing.add(key);
        setTimeout(() => {
          this.render(key, url, lang, origin, asker)
            .catch((error: unknown) =>
              this.fastify.log.warn({ err: error, url: url.pathname }, 'a page was not rendered anew (the kept one is sent meanwhile)'),
            )
            .finally(() => this.refreshing.delete(key));
        }, REFRESH_DELAY_MS).unref();
      }
      return kept;
    }
    return this.render(key, url, lang, origin, asker);
  }

  /** Renders a page (one render per page at a time) and keeps it when it exists, or forgets the kept one. */
  private async render(key: string, url: URL, lang: Language, origin: string, asker: Asker): Promise<RenderedPage | null> {
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = this.renderPage(url, lang, origin, asker).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    const page = await pending;
    // Only a page that exists is kept: a 404 (a Book not made yet, members-only until its creator
    // makes it public) must turn into the page as soon as it exists, and a page that is gone (a
    // Book made private) is not sent again.
    this.pages.delete(key);
    if (page?.status === 200 && this.ttlSeconds > 0) {
      this.pages.set(key, page);
      if (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value as string);
    }
    return page;
  }

  private async renderPage(url: URL, lang: Language, origin: string, asker: Asker): Promise<RenderedPage | null> {
    const result = await this.renderer.render({ url: url.pathname + url.search, lang, origin, fetch: (inner) => this.answer(asker, inner) });
    if (!result) return null;
    const html = this.template
      .replace(/<html lang="[^"]*">/, `<html lang="${result.lang}">`)
      .replace(/\s*<meta name="description"[^>]*>/, '')
      .replace(/<title>[^<]*<\/title>/, () => result.head)
      .replace('</head>', () => `${result.styles}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${result.html}</div>${result.stateScript}`);
    const body = Buffer.from(html);
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
    return { status: result.status, body, etag, lang: result.lang, at: Date.now(), encoded: {} };
  }

  /**
   * A query of the page, answered by the app itself (no network): as the visitor would be
   * answered (their address for rate limits, the Host for absolute media URLs), without a token.
   */
  private async answer(asker: Asker, inner: ServerRequest): Promise<ServerAnswer> {
    const headers: Record<string, string> = { ...inner.headers, ...asker.headers };
    const response = await this.fastify.inject({ method: inner.method as 'GET', url: inner.url, headers, remoteAddress: asker.remoteAddress });
    const type = response.headers['content-type'];
    return { status: response.statusCode, contentType: typeof type === 'string' ? type : '', body: response.payload };
  }

  /** Sends a rendered page: its ETag (304 when the browser has it), cacheable by anyone for a short while. */
  send(request: FastifyRequest, reply: FastifyReply, page: RenderedPage): FastifyReply {
    reply.header(
      'Cache-Control',
      page.status === 200 && this.ttlSeconds > 0 ? `public, max-age=${this.ttlSeconds}, stale-while-revalidate=${PAGE_STALE_SECONDS}` : 'no-cache',
    );
    // The bare path's language follows the cookie and Accept-Language; a signed-in browser gets the app.
    reply.header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
    reply.header('Content-Language', page.lang);
    reply.header('ETag', page.etag);
    if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    reply.code(page.status).type('text/html; charset=utf-8');
    const encoding = accepts(request.raw).encodings(['br', 'gzip']);
    if (encoding === 'br' || encoding === 'gzip') {
      page.encoded[encoding] ??=
        encoding === 'br'
          ? zlib.brotliCompressSync(page.body, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length },
            })
          : zlib.gzipSync(page.body, { level: 9 });
      reply.header('Content-Encoding', encoding);
      return reply.send(page.encoded[encoding]);
    }
    return reply.send(page.body);
  }
}
