import { Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { idsWhere } from '../../common/access/ids-where';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { Db, type Tx } from '../../database/db';
import { subscribeModeratedRows } from '../safety/moderated-rows';
import { FILES_RULE, mayHaveFiles } from './book.packer';

/** The books module's first part of Permission.BookRead: a Book not members-only. */
const READ_PUBLIC_RULE = 'books.public';

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

/**
 * Who may do what with a Book: the books module's parts of the Book permissions (registered once,
 * in the order they are asked), the moderators' hide that withholds a Book from all but its
 * creator, and the checks the module's services open with.
 */
@Injectable()
export class BookAccess {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    events: EventsService,
  ) {
    // Anyone may have a price-0 Book's files, and its owners (buyers, free claimers, contributors)
    // any Book's: the rule BookPacker applies to rows in hand (`mayHaveFiles`).
    access.contribute(Permission.BookFiles, FILES_RULE, async (viewer, asked, tx) => {
      const rows = await db.rows<{ id: number; page_price: number; owned: boolean }>(
        `SELECT p.id, p.page_price, EXISTS (SELECT 1 FROM page_owners o WHERE o.page_id = p.id AND o.user_id = :viewer) AS owned
           FROM pages p WHERE p.id = ANY(:ids::int[])`,
        { ids: asked, viewer: viewer?.id ?? 0 },
        tx,
      );
      return rows.filter((r) => mayHaveFiles(r, r.owned)).map((r) => r.id);
    });
    // Reading a Book at all (Permission.BookRead; refused as 404): a Book not members-only is for
    // everyone; a members-only Book for its creator and owners here, and for the members of its
    // circles (the circles module's part). The lists apply the same rule as SQL (BookSql.readableSql).
    access.contribute(Permission.BookRead, READ_PUBLIC_RULE, async (_viewer, asked, tx) =>
      ids(await db.rows<{ id: number }>(`SELECT id FROM pages WHERE id = ANY(:ids::int[]) AND NOT members_only`, { ids: asked }, tx)),
    );
    access.contribute(Permission.BookRead, 'books.owner', (viewer, asked, tx) =>
      idsWhere(
        db,
        `SELECT p.id FROM pages p WHERE p.id = ANY(:ids::int[])
           AND (p.owner_id = :viewer OR EXISTS (SELECT 1 FROM page_owners o WHERE o.page_id = p.id AND o.user_id = :viewer))`,
        asked,
        viewer,
        tx,
      ),
    );
    // Making a members-only Book public: its creator (the uploader whose file made it).
    access.contribute(Permission.BookCreator, 'books.creator', (viewer, asked, tx) =>
      idsWhere(db, `SELECT id FROM pages WHERE id = ANY(:ids::int[]) AND owner_id = :viewer`, asked, viewer, tx),
    );
    // Taking a Book without paying: a price-0 Book, or one the viewer contributed a file to.
    access.contribute(Permission.BookClaim, 'books.free', async (_viewer, asked, tx) =>
      ids(await db.rows<{ id: number }>(`SELECT id FROM pages WHERE id = ANY(:ids::int[]) AND page_price = 0`, { ids: asked }, tx)),
    );
    access.contribute(Permission.BookClaim, 'books.contributor', (viewer, asked, tx) =>
      idsWhere(db, `SELECT DISTINCT page_id AS id FROM book_files WHERE page_id = ANY(:ids::int[]) AND user_id = :viewer`, asked, viewer, tx),
    );
    // A moderator's hide (or a suspension of its creator) makes a Book its creator's alone (books.moderated).
    subscribeModeratedRows(events, db, { subscriber: 'books', table: 'pages', targetType: 'page', ownerColumn: 'owner_id' });
    // A Book a moderator hid is its creator's alone, whatever else lets a reader have it (owners,
    // circle members): the lists apply the same rule as SQL (BookSql.readableSql).
    access.withhold(Permission.BookRead, 'books.moderated', async (viewer, asked, tx) =>
      ids(
        await db.rows<{ id: number }>(
          `SELECT id FROM pages WHERE id = ANY(:ids::int[]) AND moderated_reason IS NOT NULL AND owner_id IS DISTINCT FROM :viewer::int`,
          { ids: asked, viewer: viewer?.id ?? null },
          tx,
        ),
      ),
    );
  }

  /**
   * Refuses (404: a members-only Book's existence must not leak) unless the viewer may read every
   * Book of `ids` (Permission.BookRead); an unknown Book is refused the same way. `publicIds`: the
   * ids the caller knows from rows in hand not to be members-only, `unmoderatedIds` not hidden by
   * a moderator (no statement for them).
   */
  async requireReadable(
    viewer: AuthUser | undefined,
    bookIds: readonly number[],
    opts: { publicIds?: number[]; unmoderatedIds?: number[]; tx?: Tx } = {},
  ): Promise<void> {
    await this.access.require(viewer, Permission.BookRead, bookIds, {
      refuse: 'not-found',
      tx: opts.tx,
      known: opts.publicIds ? { by: READ_PUBLIC_RULE, granted: opts.publicIds } : undefined,
      clear: opts.unmoderatedIds,
    });
  }

  /** Whether the viewer may read Book `pageId` (Permission.BookRead; false for an unknown Book). */
  async mayRead(viewer: AuthUser | undefined, pageId: number): Promise<boolean> {
    return (await this.access.check(viewer, Permission.BookRead, [pageId])).has(pageId);
  }
}
