import { Inject, Injectable } from '@nestjs/common';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { mediaUrl } from '../../storage/media-url';
import { Sql } from '../../database/sql';

/** A person as every list shows them: profile id, user id, nickname, avatar URL. */
export interface ProfileSummary {
  id: number;
  userId: number;
  nickName: string;
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
    private readonly db: Sql,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
  ) {}

  async summaries(userIds: readonly number[]): Promise<Map<number, ProfileSummary>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; user_id: number; nick_name: string; img: string | null }> = await this.db.query(
      `SELECT id, user_id, nick_name, img FROM profiles WHERE user_id = ANY($1::int[]) AND active`,
      [ids],
    );
    const { config } = this.options;
    return new Map(rows.map((r) => [r.user_id, { id: r.id, userId: r.user_id, nickName: r.nick_name, img: mediaUrl(config, r.img) }]));
  }
}
