import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import * as crypto from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import type Stripe from 'stripe';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { AccessService } from '../../common/access/access.service';
import { idsWhere } from '../../common/access/ids-where';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { subscribeModeratedRows } from '../safety/moderated-rows';
import { DrfDetailError, DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { normalizeImage } from '../../common/uploads/images';
import { AD_TARGETS } from '../../config/config';
import { Db, type Tx } from '../../database/db';
import { JobsService } from '../../jobs/jobs.service';
import { FileStorage } from '../../storage/file-storage';
import { mediaUrl } from '../../storage/media-url';
import { BooksService } from '../books/books.service';
import { TagsService } from '../tags/tags.service';
import { CheckoutFulfilment, type CheckoutRow } from '../payments/checkout-fulfilment';
import { CheckoutSessions } from '../payments/checkout-sessions';
import { StripeGateway } from '../payments/stripe-gateway';
import type { AdResponse, AdSettingsResponse, AdStatsResponse, CreateAdDto, ServedAdResponse, UpdateAdsResponse } from './dto/ads.dto';
import { AD_TAGS } from './dto/ads.dto';
import { adProductName } from './ad-product-name';

/** Ads served per call of advertisements-random/ and advertisements-for-monopage/{id}/ (the feeds cycle them). */
export const ADS_PER_SERVING = 3;
/** Counted clicks one viewer may make per hour, over all ads; beyond it clicks are refused (rate_limit). */
export const AD_CLICKS_PER_HOUR = 30;
const PRUNE_QUEUE = 'ads-prune';

export type RefusalReason = 'repeat' | 'no_offer' | 'rate_limit' | 'inactive';

/**
 * Affiliate HTML keeps links and images only: no script, no event handler, no style, and only
 * http(s) URLs (no `javascript:`, no `data:`). Links open in a new tab without an opener.
 */
export function sanitizeAffiliateHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['a', 'img'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer sponsored' }) },
  }).trim();
}

/** Only http and https URLs (a click opens it). */
function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw DrfValidationError.field('url', Msg.invalidUrl);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) throw DrfValidationError.field('url', Msg.invalidUrl);
  return parsed.href;
}

interface AdRow {
  id: number;
  user_id: number;
  type: number;
  url: string;
  img: string | null;
  content: string;
  target: number;
  price: number;
  cnt: number;
  views: number;
  views_refused: number;
  clicks: number;
  attributes: number[];
  is_affiliate: boolean;
  affiliate_html: string;
  paid: boolean;
  delete_flag: boolean;
  moderated_reason?: string | null;
  session_id: string | null;
  created_on: Date | string;
}

const COLUMNS = `id, user_id, type, url, img, content, target, price, cnt, views, views_refused, clicks, attributes, is_affiliate, affiliate_html, paid, delete_flag, session_id, created_on, moderated_reason`;

/**
 * Paid ads (issue 28): created by people with a profile, paid through Stripe Checkout (the
 * payments module's one webhook hands paid `ad` checkouts to this module), served by the server
 * which counts each impression as it serves it, and clicked through single-use offers. Owns ads,
 * ad_offers, ad_views, ad_clicks and ad_refusals.
 *
 * Counting is the server's alone: an impression is counted in the same statement that picks the
 * ads to serve (`UPDATE … RETURNING`, so concurrent servings never lose a count), once per viewer
 * per ad per hour (a unique row of ad_views, inserted ON CONFLICT DO NOTHING in that statement;
 * a repeat is counted as a refused view instead), and only for the ads in the answer; servings
 * are rate-limited per client (AD_SERVE_RATE_LIMIT). A click
 * counts only with an unused offer that was served to the same viewer, once per viewer per ad per
 * hour, at most AD_CLICKS_PER_HOUR per viewer; anything else is recorded as refused, with its
 * reason, for the advertiser to see. A client-sent `updateCnt` is never read.
 */
@Injectable()
export class AdsService {
  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly access: AccessService,
    private readonly stripe: StripeGateway,
    private readonly checkouts: CheckoutSessions,
    private readonly fulfilment: CheckoutFulfilment,
    private readonly books: BooksService,
    private readonly tags: TagsService,
    private readonly storage: FileStorage,
    events: EventsService,
    jobs: JobsService,
  ) {
    access.contribute(Permission.AdOwner, 'ads.owner', (viewer, ids, tx) =>
      idsWhere(db, `SELECT id FROM ads WHERE id = ANY(:ids::int[]) AND user_id = :viewer`, ids, viewer, tx),
    );
    fulfilment.registerFulfiller('ad', (session, row, _eventType, tx) => this.fulfil(session, row, tx));
    events.subscribe('account.deletion_requested', 'ads', ({ userId }) => this.stopOfUser(userId).then(() => undefined));
    events.subscribe('account.deleted', 'ads', ({ userId }) => this.deleteOfUser(userId));
    // A moderator's hide (or a suspension of its advertiser) stops an ad: served to nobody, no
    // click taken; its advertiser sees it marked (moderated_reason) in their figures.
    subscribeModeratedRows(events, db, { subscriber: 'ads', table: 'ads', targetType: 'advertisement', ownerColumn: 'user_id' });
    jobs.define(PRUNE_QUEUE, () => this.prune(), { cron: '23 * * * *', retryLimit: 1 });
  }

  /** GET advertisement-settings/: whether ads can be paid for, and the price of every target. */
  settings(): AdSettingsResponse {
    const prices = this.options.config.ads.prices;
    return {
      enabled: this.stripe.enabled,
      prices: ([0, 1] as const).flatMap((type) => AD_TARGETS[type].map((target) => ({ type, target, price: prices.get(target)! }))),
    };
  }

  /** The advertiser of ad `id` (for a report of it), undefined when there is no such ad. */
  async advertiserOf(id: number): Promise<number | undefined> {
    return (await this.db.row<{ user_id: number }>(`SELECT user_id FROM ads WHERE id = :id`, { id }))?.user_id;
  }

  /** POST advertisement/: a new, unpaid ad of the viewer (a profile is checked by the guard). */
  async create(viewer: AuthUser, dto: CreateAdDto, img?: UploadedMultipartFile): Promise<AdStatsResponse> {
    const type = dto.type as 0 | 1;
    if (!AD_TARGETS[type].includes(dto.target)) throw DrfValidationError.field('target', Msg.invalidChoice(dto.target));
    const url = checkUrl(dto.url);
    const tags = [...new Set(dto.attributes)];
    if (tags.length !== AD_TAGS) throw DrfValidationError.field('attributes', Msg.adTags);
    const known = await this.tags.existing(tags);
    const missing = tags.find((id) => !known.has(id));
    if (missing !== undefined) throw DrfValidationError.field('attributes', Msg.invalidPk(missing));
    if (!img) throw DrfValidationError.field('img', Msg.required);
    const data = await normalizeImage('img', img);
    const key = `ads/${viewer.id}/${crypto.randomUUID()}.jpg`;
    await this.storage.put(key, data, 'image/jpeg');
    const affiliate = sanitizeAffiliateHtml(dto.affiliate_html ?? '');
    const price = this.options.config.ads.prices.get(dto.target)!;
    try {
      const row = (await this.db.row<AdRow>(
        `INSERT INTO ads (user_id, type, url, img, content, target, price, attributes, is_affiliate, affiliate_html)
         VALUES (:userId, :type, :url, :img, :content, :target, :price, :tags, :isAffiliate, :affiliateHtml) RETURNING ${COLUMNS}`,
        {
          userId: viewer.id,
          type,
          url,
          img: key,
          content: dto.content,
          target: dto.target,
          price,
          tags,
          isAffiliate: dto.is_affiliate === true,
          affiliateHtml: affiliate,
        },
      ))!;
      return this.packStats([row], new Map())[0];
    } catch (err) {
      await this.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  /** POST post-ads-stripe/: a Checkout Session for the price of the viewer's own unpaid ad. */
  async checkout(viewer: AuthUser, siteUrl: string, adId: number): Promise<string> {
    await this.access.require(viewer, Permission.AdOwner, [adId], { refuse: 'not-found' });
    const ad = await this.db.row<AdRow>(`SELECT ${COLUMNS} FROM ads WHERE id = :adId`, { adId });
    if (!ad) throw notFound();
    if (ad.paid) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.adAlreadyPaid);
    const { sessionId, url } = await this.checkouts.open(viewer, {
      kind: 'ad',
      origin: this.checkouts.origin(siteUrl),
      amount: ad.price,
      productName: adProductName(ad, viewer.language),
      konbini: false,
      successPath: `/adapplication?success=true&session_id={CHECKOUT_SESSION_ID}&indexAds=${ad.id}`,
      cancelPath: '/adapplication',
      metadata: { adId: String(ad.id) },
    });
    await this.db.exec(`UPDATE ads SET session_id = :sessionId WHERE id = :adId AND NOT paid`, { adId: ad.id, sessionId });
    return url;
  }

  /**
   * What a Stripe session of kind `ad` does (called by the payments module inside the transaction
   * that records the event, under the lock of its checkout row): paid → the ad named in the
   * session's metadata, of the session's payer, runs. Anything else leaves it unpaid.
   */
  private async fulfil(session: Stripe.Checkout.Session, row: CheckoutRow, tx: Tx): Promise<void> {
    if (row.status === 'paid') return;
    if (session.payment_status === 'paid') {
      await this.fulfilment.setStatus(row, 'paid', tx);
      const adId = Number(session.metadata?.adId);
      if (Number.isInteger(adId) && adId > 0 && row.buyer_id !== null) {
        await this.db.exec(
          `UPDATE ads SET paid = true, paid_on = now(), session_id = :sessionId WHERE id = :adId AND user_id = :advertiser AND NOT paid`,
          { adId, advertiser: row.buyer_id, sessionId: row.session_id },
          tx,
        );
      }
      return;
    }
    if (session.status === 'expired') await this.fulfilment.setStatus(row, 'expired', tx);
  }

  /** POST allowAds/: asks Stripe about the ad's session (never trusting the call) and answers the ad as it now stands. */
  async allow(viewer: AuthUser, adId: number): Promise<AdStatsResponse> {
    await this.access.require(viewer, Permission.AdOwner, [adId], { refuse: 'not-found' });
    const ad = await this.db.row<{ paid: boolean; session_id: string | null }>(`SELECT paid, session_id FROM ads WHERE id = :adId`, { adId });
    if (!ad) throw notFound();
    if (!ad.paid && ad.session_id) await this.fulfilment.fulfilCheckout(ad.session_id);
    return this.stats(viewer, adId);
  }

  /** Who is looking: the user, or a visitor by a hash of their address and user agent. */
  private viewerKey(viewer: AuthUser | undefined, ip: string, userAgent = ''): string {
    if (viewer) return `u:${viewer.id}`;
    return `ip:${crypto
      .createHash('sha256')
      .update(ip || '-')
      .update('\n')
      .update(userAgent.slice(0, 512))
      .digest('hex')
      .slice(0, 40)}`;
  }

  /**
   * Serves up to ADS_PER_SERVING running ads (those sharing `tags` first, then at random) and
   * counts an impression for each in the same statement, with a fresh single-use offer each. An
   * impression counts once per viewer, ad and hour: the serving inserts (ad, viewer, hour) into
   * ad_views ON CONFLICT DO NOTHING, and an ad whose row was there already is served with its
   * offer but counted in `views_refused`, not in `views` or `cnt`. An impression that reaches
   * `target - 1` retires a per-view ad.
   *
   * The pick sorts nothing: the running ads are indexed by a random key `pick` (migration
   * 1733900000000), and a serving reads the first ones at or after a random point of that index,
   * wrapping around to its start (first those sharing `tags`, read in the same order and skipped
   * when they do not share one). A served ad draws a new key, so the ads next to each other in
   * the index are not served together again. Reads: ADS_PER_SERVING entries of the index, plus
   * those of ads not sharing a tag passed over while looking for ones that do (all running ads
   * when none does; none without tags).
   */
  async serve(viewer: AuthUser | undefined, ip: string, userAgent: string | undefined, tags: readonly number[] = []): Promise<ServedAdResponse[]> {
    const running = (extra: string, from: '>=' | '<') =>
      `(SELECT a.id FROM ads a WHERE a.paid AND NOT a.delete_flag AND a.moderated_reason IS NULL AND a.pick ${from} (SELECT v FROM point) ${extra} ORDER BY a.pick LIMIT :perServing)`;
    const shares = `AND cardinality(:tags::int[]) > 0 AND a.attributes && :tags::int[]`;
    const others = `AND a.id NOT IN (SELECT id FROM tagged)`;
    const rows = await this.db.rows<AdRow & { offer: string }>(
      `WITH point AS (SELECT random()::real AS v),
       tagged AS (
         SELECT id FROM (${running(shares, '>=')} UNION ALL ${running(shares, '<')}) t LIMIT :perServing
       ), picked AS (
         SELECT id FROM (SELECT id FROM tagged UNION ALL (SELECT id FROM (${running(others, '>=')} UNION ALL ${running(others, '<')}) o)) p LIMIT :perServing
       ), seen AS (
         INSERT INTO ad_views (ad_id, viewer_key, hour) SELECT id, :viewerKey, date_trunc('hour', now()) FROM picked ORDER BY id
         ON CONFLICT DO NOTHING RETURNING ad_id
       ), counted AS (
         UPDATE ads a SET views = a.views + v.n, views_refused = a.views_refused + 1 - v.n, pick = random(),
                cnt = a.cnt + CASE WHEN a.type = 0 THEN v.n ELSE 0 END,
                delete_flag = a.delete_flag OR (a.type = 0 AND a.cnt + v.n >= a.target - 1)
           FROM (SELECT p.id, CASE WHEN EXISTS (SELECT 1 FROM seen s WHERE s.ad_id = p.id) THEN 1 ELSE 0 END AS n FROM picked p) v
          WHERE a.id = v.id AND a.paid AND NOT a.delete_flag AND a.moderated_reason IS NULL
         RETURNING a.${COLUMNS.split(', ').join(', a.')}
       ), offers AS (
         INSERT INTO ad_offers (id, ad_id, viewer_key) SELECT gen_random_uuid(), c.id, :viewerKey FROM counted c RETURNING id, ad_id
       )
       SELECT c.*, o.id::text AS offer FROM counted c JOIN offers o ON o.ad_id = c.id ORDER BY (c.attributes && :tags::int[]) DESC, o.id`,
      { perServing: ADS_PER_SERVING, tags, viewerKey: this.viewerKey(viewer, ip, userAgent) },
    );
    return rows.map((r) => ({ ...this.pack(r), offer: r.offer }));
  }

  /** GET advertisements-for-monopage/{id}/: ads sharing the Book's tags first. */
  async serveForBook(viewer: AuthUser | undefined, ip: string, userAgent: string | undefined, pageId: number): Promise<ServedAdResponse[]> {
    const tags = await this.books.tagIdsOf(pageId, viewer); // null too for a members-only Book the viewer may not read
    if (tags === null) throw notFound();
    return this.serve(viewer, ip, userAgent, tags);
  }

  /**
   * POST updateAds/: a click (counted only as the class comment says), or, with
   * `updateDelFlag`, the advertiser stopping the ad.
   */
  async update(
    viewer: AuthUser | undefined,
    ip: string,
    userAgent: string | undefined,
    adId: number,
    stop: boolean,
    offer: string | undefined,
  ): Promise<UpdateAdsResponse> {
    if (stop) {
      await this.access.require(viewer, Permission.AdOwner, [adId], { detail: Msg.adOwnerOnly });
      const stopped = (await this.db.row<{ cnt: number }>(`UPDATE ads SET delete_flag = true WHERE id = :adId RETURNING cnt, delete_flag`, { adId }))!;
      return { counted: true, reason: null, cnt: stopped.cnt, delete_flag: true };
    }
    const key = this.viewerKey(viewer, ip, userAgent);
    return this.db.transaction(async (tx) => {
      const ad = await this.db.row<{
        id: number;
        type: number;
        target: number;
        cnt: number;
        paid: boolean;
        delete_flag: boolean;
        moderated_reason: string | null;
      }>(`SELECT id, type, target, cnt, paid, delete_flag, moderated_reason FROM ads WHERE id = :adId FOR UPDATE`, { adId }, tx);
      if (!ad) throw notFound();
      const refuse = async (reason: RefusalReason): Promise<UpdateAdsResponse> => {
        await this.db.exec(
          `INSERT INTO ad_refusals (ad_id, reason, n) VALUES (:adId, :reason, 1) ON CONFLICT (ad_id, reason) DO UPDATE SET n = ad_refusals.n + 1, last_on = now()`,
          { adId, reason },
          tx,
        );
        return { counted: false, reason, cnt: ad.cnt, delete_flag: ad.delete_flag };
      };
      if (!ad.paid || ad.delete_flag || ad.moderated_reason !== null) return refuse('inactive');
      const recent = (await this.db.row<{ same: number; total: number }>(
        `SELECT count(*) FILTER (WHERE ad_id = :adId)::int AS same, count(*)::int AS total FROM ad_clicks WHERE viewer_key = :viewerKey AND created_on > now() - interval '1 hour'`,
        { adId, viewerKey: key },
        tx,
      ))!;
      if (recent.same > 0) return refuse('repeat');
      if (!offer) return refuse('no_offer');
      const used = await this.db.exec(
        `UPDATE ad_offers SET used_on = now() WHERE id = :offer::uuid AND ad_id = :adId AND viewer_key = :viewerKey AND used_on IS NULL AND created_on > now() - interval '1 day'`,
        { offer, adId, viewerKey: key },
        tx,
      );
      if (!used) return refuse('no_offer');
      if (recent.total >= AD_CLICKS_PER_HOUR) return refuse('rate_limit');
      await this.db.exec(`INSERT INTO ad_clicks (ad_id, viewer_key) VALUES (:adId, :viewerKey)`, { adId, viewerKey: key }, tx);
      const after = (await this.db.row<{ cnt: number; delete_flag: boolean }>(
        `UPDATE ads SET clicks = clicks + 1,
                cnt = cnt + CASE WHEN type = 1 THEN 1 ELSE 0 END,
                delete_flag = delete_flag OR (type = 1 AND cnt + 1 >= target - 1)
          WHERE id = :adId RETURNING cnt, delete_flag`,
        { adId },
        tx,
      ))!;
      return { counted: true, reason: null, cnt: after.cnt, delete_flag: after.delete_flag };
    });
  }

  /** GET advertisement/{id}/: the advertiser's figures of one ad. */
  async stats(viewer: AuthUser, adId: number): Promise<AdStatsResponse> {
    await this.access.require(viewer, Permission.AdOwner, [adId], { refuse: 'not-found' });
    const rows = await this.db.rows<AdRow>(`SELECT ${COLUMNS} FROM ads WHERE id = :adId`, { adId });
    if (!rows.length) throw notFound();
    return (await this.withRefusals(rows))[0];
  }

  /** GET advertisements-mine/: the viewer's ads, newest first, with their figures (two statements). */
  async mine(viewer: AuthUser): Promise<AdStatsResponse[]> {
    const rows = await this.db.rows<AdRow>(`SELECT ${COLUMNS} FROM ads WHERE user_id = :advertiser ORDER BY id DESC LIMIT 100`, { advertiser: viewer.id });
    return this.withRefusals(rows);
  }

  private async withRefusals(rows: AdRow[]): Promise<AdStatsResponse[]> {
    if (!rows.length) return [];
    const refusals = await this.db.rows<{ ad_id: number; reason: RefusalReason; n: number }>(
      `SELECT ad_id, reason, n FROM ad_refusals WHERE ad_id = ANY(:adIds::int[])`,
      {
        adIds: rows.map((r) => r.id),
      },
    );
    const byAd = new Map<number, Map<RefusalReason, number>>();
    for (const r of refusals) {
      const m = byAd.get(r.ad_id) ?? new Map<RefusalReason, number>();
      m.set(r.reason, r.n);
      byAd.set(r.ad_id, m);
    }
    return this.packStats(rows, byAd);
  }

  private pack(r: AdRow): AdResponse {
    return {
      id: r.id,
      type: r.type,
      url: r.url,
      img: mediaUrl(this.options.config, r.img),
      content: r.content,
      target: r.target,
      cnt: r.cnt,
      delete_flag: r.delete_flag,
      attributes: r.attributes,
      is_affiliate: r.is_affiliate,
      affiliate_html: r.affiliate_html,
      userProfile: r.user_id,
      created: new Date(r.created_on).toISOString(),
    };
  }

  private packStats(rows: AdRow[], refusals: Map<number, Map<RefusalReason, number>>): AdStatsResponse[] {
    return rows.map((r) => {
      const refused = refusals.get(r.id);
      return {
        ...this.pack(r),
        views: r.views,
        clicks: r.clicks,
        remaining: Math.max(0, r.target - 1 - r.cnt),
        paid: r.paid,
        active: r.paid && !r.delete_flag && !r.moderated_reason,
        moderated_reason: r.moderated_reason ?? null,
        price: r.price,
        refused: {
          repeat: refused?.get('repeat') ?? 0,
          no_offer: refused?.get('no_offer') ?? 0,
          rate_limit: refused?.get('rate_limit') ?? 0,
          inactive: refused?.get('inactive') ?? 0,
        },
        refused_views: { repeat: r.views_refused },
      };
    });
  }

  /** Offers and the click log older than a day are no longer needed (the counters stay on the ad). */
  async prune(): Promise<void> {
    await this.db.exec(`DELETE FROM ad_offers WHERE created_on < now() - interval '1 day'`);
    await this.db.exec(`DELETE FROM ad_clicks WHERE created_on < now() - interval '1 day'`);
    await this.db.exec(`DELETE FROM ad_views WHERE hour < now() - interval '1 day'`);
  }

  /** `account.deletion_requested`: the user's ads stop being served. */
  async stopOfUser(userId: number): Promise<number> {
    return this.db.exec(`UPDATE ads SET delete_flag = true WHERE user_id = :userId AND NOT delete_flag`, { userId });
  }

  /** `account.deleted`: the user's ads, their images and their logs go. */
  async deleteOfUser(userId: number): Promise<void> {
    await this.stopOfUser(userId);
    const images = await this.db.rows<{ img: string | null }>(`SELECT img FROM ads WHERE user_id = :userId`, { userId });
    for (const { img } of images) if (img) await this.storage.delete(img).catch(() => undefined);
    await this.db.exec(`DELETE FROM ads WHERE user_id = :userId`, { userId });
  }
}
