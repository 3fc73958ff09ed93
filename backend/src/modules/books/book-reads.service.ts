import { Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { contentLanguage, type Language } from '../../common/i18n/language';
import { Db, type Tx } from '../../database/db';
import { BookAccess } from './book-access.service';
import { BookOwnership } from './book-ownership.service';
import { bookLastModifiedSql, BookSql } from './book-sql';
import { BOOK_COLUMNS, BookPacker, type BookRow, profileInLanguage, readerLanguage } from './book.packer';
import type { PagePreviewResponse, PageResponse, PageStatusResponse } from './dto/page.dto';

/** A Book's tag names in a language (the tags module's, registered with `provideTagNames`). */
export type TagNames = (pageId: number, language: Language, viewer?: AuthUser) => Promise<string[]>;
/** The media types of uploaded files (the uploads module's, registered with `provideFileFormats`). */
export type FileFormats = (fileIds: number[]) => Promise<string[]>;

/** What the payments module needs to sell a Book to a buyer (`forSale`). */
export interface BookForSale {
  title: string;
  price: number;
  /** The Book's creator, who is paid (null once their account is gone). */
  ownerId: number | null;
  /** The buyer owns it already (bought, claimed or contributed). */
  owned: boolean;
}

/** One Book and the facts of it other modules ask: the page itself, its preview, the viewer's relation to it, its tags, title, creator, price. */
@Injectable()
export class BookReads {
  private tagNames?: TagNames;
  private fileFormats?: FileFormats;

  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly bookAccess: BookAccess,
    private readonly bookSql: BookSql,
    private readonly packer: BookPacker,
    private readonly ownership: BookOwnership,
  ) {}

  /** The tags module tells get-page-info a Book's tag names (it owns `attributes`; it depends on this module). */
  provideTagNames(names: TagNames): void {
    this.tagNames = names;
  }

  /** The uploads module tells get-page-info its files' formats (it owns `uploaded_files`; it depends on this module). */
  provideFileFormats(formats: FileFormats): void {
    this.fileFormats = formats;
  }

  async info(pageId: number, viewer?: AuthUser): Promise<PageResponse> {
    const rows = await this.db.rows<BookRow & { column_profile: Parameters<typeof profileInLanguage>[0]; modified_on: Date }>(
      `SELECT ${BOOK_COLUMNS}, p.column_profile, ${bookLastModifiedSql('p')} AS modified_on FROM pages p WHERE p.id = :id`,
      { id: pageId },
    );
    if (!rows.length) throw notFound();
    await this.bookAccess.requireReadable(viewer, [pageId], {
      publicIds: rows[0].members_only ? [] : [pageId],
      unmoderatedIds: rows[0].moderated_reason ? [] : [pageId],
    });
    const [page] = await this.packer.pack(rows, viewer);
    if (!page) throw notFound();
    if (page.members_only) page.can_make_public = !!viewer && rows[0].owner_id === viewer.id;
    // Without a known reader, the language of the Book's data; 'ja' for a stored language of
    // neither (the column's default, as this read always had it).
    const language = readerLanguage(viewer) ?? contentLanguage(page.language, 'ja');
    page.column_profile = profileInLanguage(rows[0].column_profile ?? null, language);
    // For crawlers (the page's schema.org Dataset): its tags, when it last changed, its files' formats.
    page.modified_on = new Date(rows[0].modified_on).toISOString();
    const [tags, formats] = await Promise.all([this.tagNames?.(pageId, language, viewer), this.fileFormats?.(page.files.map((f) => f.id))]);
    if (tags) page.tags = tags;
    if (formats) page.file_formats = formats;
    // The ticket that lets a viewer take a free Book (contributors and buyers own it already).
    if (viewer && page.page_price === 0) page.encrypted_pageId = this.ownership.ticket(pageId, viewer.id);
    return page;
  }

  /**
   * The first rows of the Book's main table, for whoever has its files (Permission.BookFiles: a
   * free Book, or its owners); a visitor is asked to sign in (401), anyone else refused (403).
   */
  async preview(pageId: number, viewer?: AuthUser): Promise<PagePreviewResponse> {
    const row = await this.db.row<{ preview: PagePreviewResponse | null }>(`SELECT preview FROM pages WHERE id = :id`, { id: pageId });
    if (!row) throw notFound();
    await this.bookAccess.requireReadable(viewer, [pageId]);
    await this.access.require(viewer, Permission.BookFiles, [pageId], { detail: Msg.buyToDownload });
    return row.preview ?? { sheet: '', columns: [], rows: [] };
  }

  /** Whether the viewer follows and owns Book `pageId` (`userId`, when given, must be the viewer). */
  async status(viewer: AuthUser | undefined, userId: number | undefined, pageId: number): Promise<PageStatusResponse> {
    if (userId !== undefined && viewer) await this.access.require(viewer, Permission.Self, [userId]);
    if (!viewer) return { is_followed: false, is_owned: false };
    await this.bookAccess.requireReadable(viewer, [pageId]);
    const row = await this.db.row<PageStatusResponse>(
      `SELECT EXISTS (SELECT 1 FROM page_follows WHERE user_id = :viewer AND page_id = :page) AS is_followed,
              EXISTS (SELECT 1 FROM page_owners WHERE user_id = :viewer AND page_id = :page) AS is_owned`,
      { viewer: viewer.id, page: pageId },
    );
    return { is_followed: row!.is_followed, is_owned: row!.is_owned };
  }

  /** Tag ids of a Book, in the order they were given; null when the Book does not exist or the viewer may not read it. */
  async tagIdsOf(pageId: number, viewer?: AuthUser): Promise<number[] | null> {
    const rows = await this.db.rows<{ attribute_id: number | null }>(
      `SELECT pa.attribute_id FROM pages p LEFT JOIN page_attributes pa ON pa.page_id = p.id
        WHERE p.id = :id AND ${this.bookSql.readableSql('p', viewer ? ':viewer::int' : 'NULL::int')} ORDER BY pa.attribute_id`,
      { id: pageId, viewer: viewer?.id },
    );
    if (!rows.length) return null;
    return rows.flatMap((r) => (r.attribute_id === null ? [] : [r.attribute_id]));
  }

  /** How many Books carry each tag (for ranking the tag vocabulary). */
  async bookCountsByTag(): Promise<Map<number, number>> {
    const rows = await this.db.rows<{ attribute_id: number; n: number }>(
      `SELECT pa.attribute_id, count(*)::int AS n FROM page_attributes pa JOIN pages p ON p.id = pa.page_id WHERE NOT p.members_only AND p.moderated_reason IS NULL GROUP BY pa.attribute_id`,
    );
    return new Map(rows.map((r) => [r.attribute_id, r.n]));
  }

  /** Titles of Books by id (one statement). */
  async titles(ids: readonly number[], tx?: Tx): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.rows<{ id: number; title: string }>(`SELECT id, title FROM pages WHERE id = ANY(:ids::int[])`, { ids: [...new Set(ids)] }, tx);
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  /** The creator of Book `id` (for a report of it), undefined when there is no such Book. */
  async creatorOf(id: number): Promise<number | undefined> {
    const row = await this.db.row<{ owner_id: number }>(`SELECT owner_id FROM pages WHERE id = :id`, { id });
    return row?.owner_id;
  }

  /**
   * What the payments module needs to sell Book `bookId` to `buyerId`: title, price, its data
   * owner, and whether the buyer owns it already (bought, claimed or contributed); one statement.
   */
  async forSale(bookId: number, buyerId: number): Promise<BookForSale | null> {
    const row = await this.db.row<BookForSale>(
      `SELECT p.title, p.page_price AS price, p.owner_id AS "ownerId",
              EXISTS (SELECT 1 FROM page_owners o WHERE o.page_id = p.id AND o.user_id = :buyer) AS owned
         FROM pages p WHERE p.id = :id AND ${this.bookSql.readableSql('p', ':buyer::int')}`,
      { id: bookId, buyer: buyerId },
    );
    return row ?? null;
  }
}
