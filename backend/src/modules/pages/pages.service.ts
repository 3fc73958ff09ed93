import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import * as crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import type { AuthUser } from '../../common/auth/auth-user';
import { Signer } from '../../common/crypto/signer';
import { DrfDetailError, DrfValidationError, Msg } from '../../common/http/drf-errors';
import { forbidden, notFound } from '../../common/http/id-param.pipe';
import type { PageWindow } from '../../common/http/paging';
import { searchQuery } from '../../common/search/search-text';
import { mediaUrl } from '../../storage/media-url';
import type { PageFile, PageResponse, PageStatusResponse } from './dto/page.dto';

/** Columns of `pages` that a Book response is made from. */
const COLUMNS = `p.id, p.title, p.summary, p.img, p.language, p.page_price, p.goodpoint, p.badpoint,
  p.point1, p.point2, p.point3, p.point4, p.point5, p.answer, p.owner_id, p.created_on`;

interface PageRow {
  id: number;
  title: string;
  summary: string;
  img: string | null;
  language: string;
  page_price: number;
  goodpoint: string;
  badpoint: string;
  point1: string;
  point2: string;
  point3: string;
  point4: string;
  point5: string;
  answer: string;
  owner_id: number | null;
  created_on: Date;
}

export const RELATED_PAGES = 5;
export const FILES_PER_PAGE = 3;
const TICKET_PURPOSE = 'own-page';
export const ALREADY_FOLLOWED = Msg.alreadyFollowed;

@Injectable()
export class PagesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly signer: Signer,
    private readonly events: EventEmitter2,
  ) {}

  /**
   * Turns a page of Book rows into responses in two statements whatever the page size: one for
   * statistics and the viewer's ownership, one for the first files and their contributors.
   */
  async pack(rows: PageRow[], viewer?: AuthUser): Promise<PageResponse[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const viewerId = viewer?.id ?? 0;
    const [stats, files] = await Promise.all([
      this.db.query(
        `SELECT p.id,
           (SELECT count(*) FROM page_views v WHERE v.page_id = p.id AND v.viewed_on > CURRENT_DATE - 30)::int AS monthly_views,
           (SELECT count(*) FROM page_follows f JOIN profiles pr ON pr.user_id = f.user_id WHERE f.page_id = p.id AND pr.sex = '1')::int AS male,
           (SELECT count(*) FROM page_follows f JOIN profiles pr ON pr.user_id = f.user_id WHERE f.page_id = p.id AND pr.sex = '3')::int AS female,
           EXISTS (SELECT 1 FROM page_owners o WHERE o.page_id = p.id AND o.user_id = $2) AS owner,
           EXISTS (SELECT 1 FROM uploaded_files uf WHERE uf.page_id = p.id AND uf.user_id = $2 AND uf.status = 'done') AS contributor
         FROM pages p WHERE p.id = ANY($1::int[])`,
        [ids, viewerId],
      ) as Promise<Array<{ id: number; monthly_views: number; male: number; female: number; owner: boolean; contributor: boolean }>>,
      this.db.query(
        `SELECT * FROM (
           SELECT f.id, f.page_id, f.title, f.community_ids, f.user_id, pr.id AS profile_id, pr.img AS profile_img, pr.nick_name AS profile_nick_name,
                  row_number() OVER (PARTITION BY f.page_id ORDER BY f.created_on, f.id) AS n
             FROM uploaded_files f LEFT JOIN profiles pr ON pr.user_id = f.user_id
            WHERE f.page_id = ANY($1::int[]) AND f.status = 'done') x
          WHERE n <= ${FILES_PER_PAGE} ORDER BY page_id, n`,
        [ids],
      ) as Promise<Array<{ id: number; page_id: number; title: string; community_ids: number[]; user_id: number; profile_id: number | null; profile_img: string | null; profile_nick_name: string | null }>>,
    ]);
    const statsById = new Map(stats.map((s) => [s.id, s]));
    const filesByPage = new Map<number, PageFile[]>();
    const { config } = this.options;
    for (const f of files) {
      const list = filesByPage.get(f.page_id) ?? [];
      list.push({
        id: f.id,
        title: f.title,
        profile: { id: f.profile_id, userId: f.user_id, img: mediaUrl(config, f.profile_img), nickName: f.profile_nick_name },
        communities: f.community_ids ?? [],
        communities_info: [],
      });
      filesByPage.set(f.page_id, list);
    }
    return rows.map((row) => {
      const s = statsById.get(row.id);
      const owned = !!(s?.owner || s?.contributor);
      const access = row.page_price === 0 || owned;
      return {
        id: row.id,
        title: row.title,
        summary: row.summary,
        img: mediaUrl(config, row.img),
        created_on: new Date(row.created_on).toISOString(),
        page_price: row.page_price,
        rating: 0,
        is_owned: owned,
        goodpoint: row.goodpoint,
        badpoint: access ? row.badpoint : '',
        point1: row.point1,
        point2: row.point2,
        point3: row.point3,
        point4: row.point4,
        point5: row.point5,
        answer: access ? row.answer : '',
        post_count: 0,
        monthly_views: s?.monthly_views ?? 0,
        gender_count: { male: s?.male ?? 0, female: s?.female ?? 0 },
        files: filesByPage.get(row.id) ?? [],
        language: row.language,
      };
    });
  }

  private async packQuery(sql: string, params: unknown[], viewer?: AuthUser): Promise<PageResponse[]> {
    return this.pack((await this.db.query(sql, params)) as PageRow[], viewer);
  }

  async info(pageId: number, viewer?: AuthUser): Promise<PageResponse> {
    const [page] = await this.packQuery(`SELECT ${COLUMNS} FROM pages p WHERE p.id = $1`, [pageId], viewer);
    if (!page) throw notFound();
    if (viewer && (page.page_price === 0 || page.files.some((f) => f.profile.userId === viewer.id) || (await this.isContributor(viewer.id, pageId)))) {
      page.encrypted_pageId = this.signer.sign(TICKET_PURPOSE, `${pageId}:${viewer.id}`, 3600);
    }
    return page;
  }

  async exists(pageId: number): Promise<boolean> {
    return (await this.db.query(`SELECT 1 FROM pages WHERE id = $1`, [pageId])).length > 0;
  }

  private async isContributor(userId: number, pageId: number): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM uploaded_files WHERE user_id = $1 AND page_id = $2 AND status = 'done' LIMIT 1`, [userId, pageId]);
    return rows.length > 0;
  }

  /** Owners, contributors, and anyone for a free Book may have its files. */
  async canHaveFiles(userId: number | undefined, pageId: number): Promise<boolean> {
    const [row] = await this.db.query(
      `SELECT p.page_price = 0
           OR EXISTS (SELECT 1 FROM page_owners o WHERE o.page_id = p.id AND o.user_id = $2)
           OR EXISTS (SELECT 1 FROM uploaded_files f WHERE f.page_id = p.id AND f.user_id = $2) AS ok
         FROM pages p WHERE p.id = $1`,
      [pageId, userId ?? 0],
    );
    return !!row?.ok;
  }

  byLanguage(language: string, page: PageWindow, viewer?: AuthUser) {
    return this.packQuery(
      `SELECT ${COLUMNS} FROM pages p WHERE p.language = $1 ORDER BY p.created_on DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [language, page.limit, page.offset],
      viewer,
    );
  }

  newest(page: PageWindow, viewer?: AuthUser) {
    return this.packQuery(`SELECT ${COLUMNS} FROM pages p ORDER BY p.created_on DESC, p.id DESC LIMIT $1 OFFSET $2`, [page.limit, page.offset], viewer);
  }

  /** Word search over title, summary, points and tags; an empty query lists the newest. */
  async search(query: string | undefined, page: PageWindow, viewer?: AuthUser) {
    const tsquery = searchQuery(query ?? '');
    if (!tsquery) return (query ?? '').trim() ? [] : this.newest(page, viewer);
    return this.packQuery(
      `SELECT ${COLUMNS} FROM pages p WHERE p.search_vector @@ to_tsquery('simple', $1)
        ORDER BY p.created_on DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [tsquery, page.limit, page.offset],
      viewer,
    );
  }

  /** Books the user owns or contributed to, most recent first; optionally filtered by words. */
  async owned(viewer: AuthUser, page: PageWindow, query?: string) {
    const tsquery = query ? searchQuery(query) : null;
    if (query?.trim() && !tsquery) return [];
    return this.packQuery(
      `SELECT ${COLUMNS} FROM pages p
         JOIN (SELECT page_id, max(at) AS at FROM (
                 SELECT page_id, created_on AS at FROM page_owners WHERE user_id = $1
                 UNION ALL
                 SELECT page_id, created_on FROM uploaded_files WHERE user_id = $1 AND page_id IS NOT NULL AND status = 'done'
               ) s GROUP BY page_id) o ON o.page_id = p.id
        WHERE ($4::text IS NULL OR p.search_vector @@ to_tsquery('simple', $4))
        ORDER BY o.at DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [viewer.id, page.limit, page.offset, tsquery],
      viewer,
    );
  }

  /** Owned Books first, then Books sharing a tag with them. */
  ownedAndRelated(viewer: AuthUser, page: PageWindow) {
    return this.packQuery(
      `WITH mine AS (
         SELECT page_id, max(at) AS at FROM (
           SELECT page_id, created_on AS at FROM page_owners WHERE user_id = $1
           UNION ALL
           SELECT page_id, created_on FROM uploaded_files WHERE user_id = $1 AND page_id IS NOT NULL AND status = 'done'
         ) s GROUP BY page_id),
       related AS (
         SELECT b.page_id, max(p2.created_on) AS at FROM mine
           JOIN page_attributes a ON a.page_id = mine.page_id
           JOIN page_attributes b ON b.attribute_id = a.attribute_id
           JOIN pages p2 ON p2.id = b.page_id
          WHERE b.page_id NOT IN (SELECT page_id FROM mine)
          GROUP BY b.page_id),
       ranked AS (SELECT page_id, at, 0 AS rank FROM mine UNION ALL SELECT page_id, at, 1 FROM related)
       SELECT ${COLUMNS} FROM ranked r JOIN pages p ON p.id = r.page_id
        ORDER BY r.rank, r.at DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [viewer.id, page.limit, page.offset],
      viewer,
    );
  }

  /** Up to 5 Books sharing the most tags, then the newest of the same language. */
  async related(pageId: number, viewer?: AuthUser) {
    if (!(await this.exists(pageId))) throw notFound();
    return this.packQuery(
      `WITH base AS (SELECT language FROM pages WHERE id = $1),
       shared AS (
         SELECT b.page_id, count(*) AS n FROM page_attributes a
           JOIN page_attributes b ON b.attribute_id = a.attribute_id AND b.page_id <> a.page_id
          WHERE a.page_id = $1 GROUP BY b.page_id ORDER BY n DESC, b.page_id DESC LIMIT ${RELATED_PAGES}),
       fill AS (
         SELECT p.id AS page_id, 0 AS n FROM pages p, base
          WHERE p.language = base.language AND p.id <> $1 AND p.id NOT IN (SELECT page_id FROM shared)
          ORDER BY p.created_on DESC, p.id DESC LIMIT ${RELATED_PAGES})
       SELECT ${COLUMNS} FROM (SELECT * FROM shared UNION ALL SELECT * FROM fill) r JOIN pages p ON p.id = r.page_id
        ORDER BY r.n DESC, p.created_on DESC, p.id DESC LIMIT ${RELATED_PAGES}`,
      [pageId],
      viewer,
    );
  }

  byAttribute(attributeId: number, page: PageWindow, viewer?: AuthUser) {
    return this.packQuery(
      `SELECT ${COLUMNS} FROM page_attributes pa JOIN pages p ON p.id = pa.page_id
        WHERE pa.attribute_id = $1 ORDER BY pa.page_id DESC LIMIT $2 OFFSET $3`,
      [attributeId, page.limit, page.offset],
      viewer,
    );
  }

  followed(viewer: AuthUser, page: PageWindow) {
    return this.packQuery(
      `SELECT ${COLUMNS} FROM page_follows f JOIN pages p ON p.id = f.page_id
        WHERE f.user_id = $1 ORDER BY f.created_on DESC, f.id DESC LIMIT $2 OFFSET $3`,
      [viewer.id, page.limit, page.offset],
      viewer,
    );
  }

  /** Books that hold files the user uploaded. */
  withFilesOf(userId: number, page: PageWindow, viewer?: AuthUser) {
    return this.packQuery(
      `SELECT ${COLUMNS} FROM pages p
        WHERE p.id IN (SELECT page_id FROM uploaded_files WHERE user_id = $1 AND status = 'done' AND page_id IS NOT NULL)
        ORDER BY p.created_on DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [userId, page.limit, page.offset],
      viewer,
    );
  }

  async follow(viewer: AuthUser, pageId: number): Promise<{ id: number; pageId: number; created_on: string }> {
    if (!(await this.exists(pageId))) throw notFound();
    const rows: Array<{ id: number; created_on: Date }> = await this.db.query(
      `INSERT INTO page_follows (user_id, page_id) VALUES ($1, $2) ON CONFLICT (user_id, page_id) DO NOTHING RETURNING id, created_on`,
      [viewer.id, pageId],
    );
    if (!rows.length) throw new DrfDetailError(HttpStatus.BAD_REQUEST, ALREADY_FOLLOWED);
    this.events.emit('page.followed', { userId: viewer.id, pageId });
    return { id: rows[0].id, pageId, created_on: new Date(rows[0].created_on).toISOString() };
  }

  async unfollow(viewer: AuthUser, pageId: number): Promise<void> {
    const [, count] = await this.db.query(`DELETE FROM page_follows WHERE user_id = $1 AND page_id = $2`, [viewer.id, pageId]);
    if (!count) throw notFound();
  }

  async status(viewer: AuthUser | undefined, userId: number | undefined, pageId: number): Promise<PageStatusResponse> {
    if (userId !== undefined && viewer && userId !== viewer.id) throw forbidden();
    if (!viewer) return { is_followed: false, is_owned: false };
    if (!(await this.exists(pageId))) throw notFound();
    const [row] = await this.db.query(
      `SELECT EXISTS (SELECT 1 FROM page_follows WHERE user_id = $1 AND page_id = $2) AS is_followed,
              (EXISTS (SELECT 1 FROM page_owners WHERE user_id = $1 AND page_id = $2)
               OR EXISTS (SELECT 1 FROM uploaded_files WHERE user_id = $1 AND page_id = $2 AND status = 'done')) AS is_owned`,
      [viewer.id, pageId],
    );
    return { is_followed: row.is_followed, is_owned: row.is_owned };
  }

  /** One view per viewer (user, or hashed address for visitors) per Book per day. */
  async recordView(pageId: number, viewer: AuthUser | undefined, pathUser: number, ip: string): Promise<void> {
    if (viewer && pathUser !== 0 && pathUser !== viewer.id) throw forbidden();
    if (!(await this.exists(pageId))) throw notFound();
    const key = viewer ? `u:${viewer.id}` : `a:${crypto.createHash('sha256').update(ip).digest('hex').slice(0, 32)}`;
    await this.db.query(`INSERT INTO page_views (page_id, viewer) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [pageId, key]);
  }

  /** Claims a free Book (or one the user contributed to) with a ticket the server signed. */
  async takeOwnership(viewer: AuthUser, ticket: string): Promise<number> {
    const payload = this.signer.verify(TICKET_PURPOSE, ticket);
    const [pageText, userText] = payload?.split(':') ?? [];
    if (!payload || Number(userText) !== viewer.id) throw DrfValidationError.field('encrypted_pageId', Msg.invalidKey);
    const pageId = Number(pageText);
    const [page] = await this.db.query(`SELECT page_price FROM pages WHERE id = $1`, [pageId]);
    if (!page) throw notFound();
    const contributor = await this.isContributor(viewer.id, pageId);
    if (page.page_price !== 0 && !contributor) throw forbidden(Msg.mustBuy);
    await this.db.query(
      `INSERT INTO page_owners (user_id, page_id, source) VALUES ($1, $2, $3) ON CONFLICT (user_id, page_id) DO NOTHING`,
      [viewer.id, pageId, contributor ? 'contributor' : 'free'],
    );
    this.events.emit('page.owned', { userId: viewer.id, pageId });
    return pageId;
  }

  /** Keeps 60 days of view rows: enough for monthly_views. */
  async pruneViews(): Promise<void> {
    await this.db.query(`DELETE FROM page_views WHERE viewed_on < CURRENT_DATE - 60`);
  }
}

