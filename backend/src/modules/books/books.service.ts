import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import type { PageWindow } from '../../common/http/paging';
import type { SqlParams, Tx } from '../../database/db';
import { BookAccess } from './book-access.service';
import { BookCounters } from './book-counters.service';
import { type AttachedFile, BookCreation, type BookTranslation, type NewBook } from './book-creation.service';
import { BookLists } from './book-lists.service';
import { BookOwnership, type OwnershipSource } from './book-ownership.service';
import { type BookForSale, type FileFormats, BookReads } from './book-reads.service';
import { bookPostTotalsSql, BookSql, dataOwnersSql, followedBookIdsSql, followersSql, titleSql } from './book-sql';
import { BookPacker, type EmbeddedBook } from './book.packer';
import type { PageResponse } from './dto/page.dto';

export type { AttachedFile, BookTranslation, NewBook } from './book-creation.service';
export type { OwnershipSource } from './book-ownership.service';
export type { BookText, BookTexts } from './book-text';

/**
 * The books module as other modules see it (the wire's "pages"): the module owns pages,
 * page_owners, page_follows, page_follower_counts, page_views, page_view_days, page_attributes and
 * book_files, and every other module reads or changes a Book through this service (or embeds
 * BookPacker's JSON). Each method hands over to the service of its one job (BookReads, BookLists,
 * BookOwnership, BookCreation, BookCounters, BookAccess, book-sql.ts); the module's own controller
 * and services use those directly.
 */
@Injectable()
export class BooksService {
  constructor(
    private readonly access: BookAccess,
    private readonly bookSql: BookSql,
    private readonly packer: BookPacker,
    private readonly reads: BookReads,
    private readonly lists: BookLists,
    private readonly ownership: BookOwnership,
    private readonly creation: BookCreation,
    private readonly counters: BookCounters,
  ) {}

  // The SQL fragments other modules embed (book-sql.ts, BookPacker).

  /** One column of Book `idSql`'s data owners (book-sql.ts `dataOwnersSql`). */
  dataOwnersSql(idSql: string): string {
    return dataOwnersSql(idSql);
  }

  /** One column of Book `idSql`'s followers (book-sql.ts `followersSql`). */
  followersSql(idSql: string): string {
    return followersSql(idSql);
  }

  /** The title of Book `idSql` or null (book-sql.ts `titleSql`). */
  titleSql(idSql: string): string {
    return titleSql(idSql);
  }

  /** The ids of the Books user `userSql` follows (book-sql.ts `followedBookIdsSql`). */
  followedBookIdsSql(userSql: string): string {
    return followedBookIdsSql(userSql);
  }

  /** The stored post totals of the Books `idsSql` selects (book-sql.ts `bookPostTotalsSql`). */
  bookPostTotalsSql(idsSql: string): string {
    return bookPostTotalsSql(idsSql);
  }

  /** Book `idSql` exists and viewer `viewerSql` may read it (BookSql.bookReadableSql). */
  bookReadableSql(idSql: string, viewerSql: string): string {
    return this.bookSql.bookReadableSql(idSql, viewerSql);
  }

  /** Book `idSql` packed for viewer `viewerSql` as one JSON value (BookPacker.rowJsonSql). */
  bookJsonSql(idSql: string, viewerSql: string): string {
    return this.packer.rowJsonSql(idSql, viewerSql);
  }

  // Reads.

  /** Books from what `bookJsonSql` selected, packed, by id. */
  packEmbedded(embedded: EmbeddedBook[], viewer?: AuthUser): Promise<Map<number, PageResponse>> {
    return this.packer.packEmbedded(embedded, viewer);
  }

  packByIds(ids: readonly number[], viewer?: AuthUser): Promise<Map<number, PageResponse>> {
    return this.lists.packByIds(ids, viewer);
  }

  listIn(idsSql: string, params: SqlParams, page: PageWindow, viewer?: AuthUser): Promise<PageResponse[]> {
    return this.lists.listIn(idsSql, params, page, viewer);
  }

  discoverIds(viewer: AuthUser | undefined, page: PageWindow): Promise<number[]> {
    return this.lists.discoverIds(viewer, page);
  }

  mayRead(viewer: AuthUser | undefined, pageId: number): Promise<boolean> {
    return this.access.mayRead(viewer, pageId);
  }

  tagIdsOf(pageId: number, viewer?: AuthUser): Promise<number[] | null> {
    return this.reads.tagIdsOf(pageId, viewer);
  }

  titles(ids: readonly number[], tx?: Tx): Promise<Map<number, string>> {
    return this.reads.titles(ids, tx);
  }

  creatorOf(id: number): Promise<number | undefined> {
    return this.reads.creatorOf(id);
  }

  forSale(bookId: number, buyerId: number): Promise<BookForSale | null> {
    return this.reads.forSale(bookId, buyerId);
  }

  provideFileFormats(formats: FileFormats): void {
    this.reads.provideFileFormats(formats);
  }

  // Writes.

  grantOwnership(userId: number, bookId: number, source: OwnershipSource, tx: Tx): Promise<boolean> {
    return this.ownership.grantOwnership(userId, bookId, source, tx);
  }

  recordPost(bookId: number, change: { posts: 1 | -1; rating: number | null }, tx: Tx): Promise<void> {
    return this.counters.recordPost(bookId, change, tx);
  }

  recordPostTotals(changes: ReadonlyArray<{ bookId: number; posts: number; ratingSum: number; rated: number }>, tx: Tx): Promise<void> {
    return this.counters.recordPostTotals(changes, tx);
  }

  create(book: NewBook, tx: Tx): Promise<number> {
    return this.creation.create(book, tx);
  }

  attachFile(file: AttachedFile, tx: Tx): Promise<void> {
    return this.creation.attachFile(file, tx);
  }

  sameSubject(language: string, subject: string[], uploaderId: number, tx: Tx): Promise<number | null> {
    return this.creation.sameSubject(language, subject, uploaderId, tx);
  }

  storeTranslation(pageId: number, translation: BookTranslation): Promise<void> {
    return this.creation.storeTranslation(pageId, translation);
  }

  storeColumnProfile(pageId: number, profile: unknown): Promise<void> {
    return this.creation.storeColumnProfile(pageId, profile);
  }
}
