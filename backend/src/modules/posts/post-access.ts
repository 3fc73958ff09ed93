import { Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { idsWhere } from '../../common/access/ids-where';
import { Permission } from '../../common/access/permission';
import { Db } from '../../database/db';
import { notBlockedSql } from '../safety/safety-sql';
import { visiblePost } from './post-sql';

/**
 * The posts module's contributions to the access service: who authors a post or a comment, who
 * may edit a post's content, and which posts everyone sees (a circles module contributes its
 * members' circle posts to PostVisible). Registered once, when the module starts.
 */
@Injectable()
export class PostAccess {
  constructor(
    private readonly db: Db,
    access: AccessService,
  ) {
    access.contribute(Permission.PostAuthor, 'posts.author', (viewer, ids, tx) =>
      idsWhere(this.db, `SELECT id FROM posts WHERE id = ANY(:ids::int[]) AND user_id = :viewer`, ids, viewer, tx),
    );
    access.contribute(Permission.PostContentEdit, 'posts.own-content', (viewer, ids, tx) =>
      idsWhere(this.db, `SELECT id FROM posts WHERE id = ANY(:ids::int[]) AND user_id = :viewer AND NOT reposting`, ids, viewer, tx),
    );
    access.contribute(Permission.CommentAuthor, 'posts.comment-author', (viewer, ids, tx) =>
      idsWhere(this.db, `SELECT id FROM post_comments WHERE id = ANY(:ids::int[]) AND user_id = :viewer`, ids, viewer, tx),
    );
    // Posts outside circles are everyone's to see, visitors' too.
    access.contribute(Permission.PostVisible, 'posts.public', async (viewer, ids, tx) => {
      // Neither side of a block sees the other's posts (safety module's fragment).
      const unblocked = viewer
        ? ` AND ${notBlockedSql('p.user_id', ':viewer::int')} AND (p.reposting_from_user IS NULL OR ${notBlockedSql('p.reposting_from_user', ':viewer::int')})`
        : '';
      const rows = await this.db.rows<{ id: number }>(
        `SELECT p.id FROM posts p WHERE p.id = ANY(:ids::int[]) AND ${visiblePost()}${unblocked}`,
        { ids, viewer: viewer?.id },
        tx,
      );
      return rows.map((r) => r.id);
    });
    // Its author still sees a post a moderator hid (or the spam brake holds), marked with the reason.
    access.contribute(Permission.PostVisible, 'posts.own-moderated', (viewer, ids, tx) =>
      idsWhere(
        this.db,
        `SELECT id FROM posts WHERE id = ANY(:ids::int[]) AND user_id = :viewer AND hidden AND moderated_reason IS NOT NULL AND NOT reposting`,
        ids,
        viewer,
        tx,
      ),
    );
  }
}
