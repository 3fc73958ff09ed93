import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { notFound } from '../../common/http/id-param.pipe';
import type { PageWindow } from '../../common/http/paging';
import { BooksService } from '../books/books.service';
import type { PageResponse } from '../books/dto/page.dto';
import { CircleReads } from './circle-reads.service';

/** The ids of the Books on circle `:circle`'s shelf (`BooksService.listIn`). Books of hidden files are off it. */
export const SHELF_BOOK_IDS_SQL = `SELECT f.page_id FROM circle_files f WHERE f.circle_id = :circle AND f.page_id IS NOT NULL AND NOT f.hidden`;

/**
 * A circle's bookshelf: the Books made from data files posted to it, newest first, as the books
 * module lists them (its readable rule keeps a members-only Book from a non-member). The shelf's
 * stored count (`page_count`) is recounted where the links change (CircleAudience).
 */
@Injectable()
export class CircleShelf {
  constructor(
    private readonly reads: CircleReads,
    private readonly books: BooksService,
  ) {}

  /** community/{id}/monopages-with-files/. */
  async page(id: number, page: PageWindow, viewer?: AuthUser): Promise<PageResponse[]> {
    if (!(await this.reads.isShown(id, viewer))) throw notFound();
    return this.books.listIn(SHELF_BOOK_IDS_SQL, { circle: id }, page, viewer);
  }
}
