import { Inject, Injectable } from '@nestjs/common';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { mediaOrigin, mediaUrl, mediaUrlSql } from '../../storage/media-url';
import { Db } from '../../database/db';
import { activeProfileSql } from './profile-sql';

/** A person as every list shows them: profile id, user id, nickname, avatar URL. */
export interface ProfileSummary {
  id: number;
  userId: number;
  nickName: string;
  img: string | null;
}

/** What `ProfilePacker.summaryJsonSql` selects. */
export interface EmbeddedProfile {
  id: number;
  user_id: number;
  nick_name: string;
  img: string | null;
}

/**
 * Profiles for lists that show people (Book contributors, post authors, followers): one
 * statement for a whole page of user ids. Users without a profile, and accounts whose deletion
 * was requested, are absent from the map.
 */
@Injectable()
export class ProfilePacker {
  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
  ) {}

  /**
   * SQL of the summary of user `userIdSql`'s active profile as one JSON value ({id, user_id,
   * nick_name, img}; null without one), for a list that embeds people in its own statement
   * (the feeds): read it back with `fromJson`. The profiles table stays this module's.
   */
  summaryJsonSql(userIdSql: string): string {
    return `(SELECT json_build_object('id', prs.id, 'user_id', prs.user_id, 'nick_name', prs.nick_name, 'img', prs.img)
               FROM profiles prs WHERE prs.user_id = ${userIdSql} AND ${activeProfileSql('prs')})`;
  }

  /**
   * SQL of the ProfileSummary of user `userIdSql` as it is answered (`fromJson`'s shape, the image
   * URL made on origin `originSql`, a text parameter: see mediaOrigin), or null: for lists whose
   * whole answer is made in the database (the notification lists).
   */
  summaryResponseJsonSql(userIdSql: string, originSql: string): string {
    return `(SELECT json_build_object('id', prs.id, 'userId', prs.user_id, 'nickName', prs.nick_name, 'img', ${mediaUrlSql('prs.img', originSql)})
               FROM profiles prs WHERE prs.user_id = ${userIdSql} AND ${activeProfileSql('prs')})`;
  }

  /** The origin this request's image URLs are made on: the text parameter for `summaryResponseJsonSql`. */
  mediaOrigin(): string {
    return mediaOrigin(this.options.config);
  }

  /** A summary from what `summaryJsonSql` selected (null stays null). */
  fromJson(row: EmbeddedProfile | null): ProfileSummary | null {
    return row ? { id: row.id, userId: row.user_id, nickName: row.nick_name, img: mediaUrl(this.options.config, row.img) } : null;
  }

  async summaries(userIds: readonly number[]): Promise<Map<number, ProfileSummary>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.db.rows<EmbeddedProfile>(
      `SELECT p.id, p.user_id, p.nick_name, p.img FROM profiles p WHERE p.user_id = ANY(:ids::int[]) AND ${activeProfileSql('p')}`,
      { ids },
    );
    const { config } = this.options;
    return new Map(rows.map((r) => [r.user_id, { id: r.id, userId: r.user_id, nickName: r.nick_name, img: mediaUrl(config, r.img) }]));
  }
}
