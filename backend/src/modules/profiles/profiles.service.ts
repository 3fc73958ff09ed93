import type { UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import { notBlockedSql } from '../safety/safety-sql';
import { Inject, Injectable } from '@nestjs/common';
import * as crypto from 'node:crypto';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import { type AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { PAGE_SIZE, pageSql, type PageWindow } from '../../common/http/paging';
import { searchDocument, searchQuery } from '../../common/search/search-text';
import { normalizeImage } from '../../common/uploads/images';
import { Db, type Tx } from '../../database/db';
import { FileStorage } from '../../storage/file-storage';
import { mediaUrl } from '../../storage/media-url';
import { ProfileFieldsDto, ProfileResponse } from './dto/profile.dto';
import { type Profile } from './entities/profile.entity';
import { activeProfileSql } from './profile-sql';

export interface ProfileImages {
  img?: UploadedMultipartFile[];
  imgBackground?: UploadedMultipartFile[];
}

const MAX_AGE_YEARS = 121;

/** A profile as the responses need it: the entity's fields, read by plain SQL (see `Db`). */
type ProfileRow = Pick<Profile, 'id' | 'userId' | 'nickName' | 'caption' | 'description' | 'birthday' | 'sex' | 'img' | 'imgBackground' | 'createdOn'>;
const PROFILE_ROW = `p.id, p.user_id AS "userId", p.nick_name AS "nickName", p.caption, p.description, p.birthday::text AS birthday,
  p.sex, p.img, p.img_background AS "imgBackground", p.created_on AS "createdOn"`;
/** Profiles of active accounts only: a deletion request hides the profile at once. */
const VISIBLE = `SELECT ${PROFILE_ROW} FROM profiles p WHERE ${activeProfileSql('p')}`;
const NEWEST_FIRST = 'ORDER BY p.created_on DESC, p.id DESC';

function checkBirth(birth: string): string {
  const [y, m, d] = birth.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const valid = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  const thisYear = new Date().getUTCFullYear();
  if (!valid) throw DrfValidationError.field('birth', Msg.invalidDate);
  if (date.getTime() > Date.now() || y < thisYear - MAX_AGE_YEARS) throw DrfValidationError.field('birth', Msg.unrealBirthday);
  return birth;
}

@Injectable()
export class ProfilesService {
  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly storage: FileStorage,
    private readonly events: EventsService,
    private readonly access: AccessService,
  ) {
    // A profile that is hidden (its account is leaving) does not let its user act as a person.
    access.contribute(Permission.ProfileExists, 'profiles.exists', async (viewer, ids, tx) => {
      if (!viewer || !ids.includes(viewer.id)) return [];
      const shown = await this.db.row<{ one: number }>(
        `SELECT 1 AS one FROM profiles p WHERE p.user_id = :viewer AND ${activeProfileSql('p')}`,
        { viewer: viewer.id },
        tx,
      );
      return shown ? [viewer.id] : [];
    });
    // Leaving the site (domain-events.ts): the profile leaves every list at once, and goes at the purge.
    events.subscribe('account.deletion_requested', 'profiles', ({ userId }) => this.db.transaction((tx) => this.setActive(userId, false, tx)));
    events.subscribe('account.deleted', 'profiles', ({ userId }) => this.deleteOfUser(userId));
  }

  /** Hides (or shows again) a user's profile everywhere. */
  async setActive(userId: number, active: boolean, tx: Tx): Promise<void> {
    await this.db.exec(`UPDATE profiles SET active = :active WHERE user_id = :userId`, { active, userId }, tx);
  }

  /** `account.deleted`: the stored images first, then the row (a crash in between leaves a row that redelivery deletes). */
  async deleteOfUser(userId: number): Promise<void> {
    const profile = await this.db.row<{ img: string | null; img_background: string | null }>(
      `SELECT img, img_background FROM profiles WHERE user_id = :userId`,
      { userId },
    );
    if (!profile) return;
    await this.deleteKeys([profile.img, profile.img_background]);
    await this.db.exec(`DELETE FROM profiles WHERE user_id = :userId`, { userId });
  }

  /** The sex code of a user's profile ('0' without one), for the counts other modules keep. */
  async sexOf(userId: number): Promise<string> {
    return (await this.db.row<{ sex: string }>(`SELECT sex FROM profiles WHERE user_id = :userId LIMIT 1`, { userId }))?.sex ?? '0';
  }

  toResponse(p: ProfileRow): ProfileResponse {
    const [year, month, day] = p.birthday ? p.birthday.split('-').map(Number) : [null, null, null];
    const url = (key: string | null) => mediaUrl(this.options.config, key);
    return {
      id: p.id,
      userProfile: p.userId,
      nickName: p.nickName,
      caption: p.caption,
      description: p.description,
      birth: p.birthday,
      birthday: p.birthday,
      birthYear: year,
      birthMonth: month,
      birthDay: day,
      sex: p.sex,
      img: url(p.img),
      imgBackground: url(p.imgBackground),
      created_on: p.createdOn.toISOString(),
    };
  }

  async existsForUser(userId: number): Promise<boolean> {
    return (await this.db.row<{ one: number }>(`SELECT 1 AS one FROM profiles WHERE user_id = :userId LIMIT 1`, { userId })) !== undefined;
  }

  async mine(user: AuthUser): Promise<ProfileResponse> {
    const profile = await this.db.row<ProfileRow>(`SELECT ${PROFILE_ROW} FROM profiles p WHERE p.user_id = :userId LIMIT 1`, { userId: user.id });
    if (!profile) throw notFound();
    return this.toResponse(profile);
  }

  async byId(id: number): Promise<ProfileResponse> {
    const profile = await this.db.row<ProfileRow>(`${VISIBLE} AND p.id = :id`, { id });
    if (!profile) throw notFound();
    return this.toResponse(profile);
  }

  /**
   * User ids of the people whose page is public (an active profile: /user/{id} answers it) for the
   * sitemap, from `afterId` (exclusive) to `lastId` (inclusive), at most `limit`: keyset pages.
   */
  async sitemapUserIds(afterId: number, lastId: number, limit: number): Promise<number[]> {
    const rows = await this.db.rows<{ user_id: number }>(
      `SELECT p.user_id FROM profiles p WHERE ${activeProfileSql('p')} AND p.user_id > :afterId AND p.user_id <= :lastId ORDER BY p.user_id LIMIT :limit`,
      { afterId, lastId, limit },
    );
    return rows.map((r) => r.user_id);
  }

  /** The blocks of `size` user ids (block n: n·size+1 … (n+1)·size) that hold a public page. */
  async sitemapUserBlocks(size: number): Promise<number[]> {
    const rows = await this.db.rows<{ block: number }>(
      `SELECT DISTINCT ((p.user_id - 1) / :size)::int AS block FROM profiles p WHERE ${activeProfileSql('p')} ORDER BY 1`,
      { size },
    );
    return rows.map((r) => r.block);
  }

  async byUserId(userId: number): Promise<ProfileResponse> {
    const profile = await this.db.row<ProfileRow>(`${VISIBLE} AND p.user_id = :userId LIMIT 1`, { userId });
    if (!profile) throw notFound();
    return this.toResponse(profile);
  }

  /** Newest profiles that have a real nickname, for the follow-recommendation carousel. */
  async newest(viewer?: AuthUser): Promise<ProfileResponse[]> {
    const rows = await this.db.rows<ProfileRow>(
      `${VISIBLE} AND p.nick_name <> 'default' AND (:viewer::int IS NULL OR p.user_id <> :viewer) ${NEWEST_FIRST} LIMIT ${PAGE_SIZE}`,
      { viewer: viewer?.id ?? null },
    );
    return rows.map((p) => this.toResponse(p));
  }

  /** Full profiles of active accounts by user id, in one statement (for lists of people). */
  async byUserIds(userIds: readonly number[]): Promise<Map<number, ProfileResponse>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.db.rows<ProfileRow>(`${VISIBLE} AND p.user_id = ANY(:ids::int[])`, { ids });
    return new Map(rows.map((p) => [p.userId, this.toResponse(p)]));
  }

  /**
   * Newest profiles with a real nickname, leaving out the viewer and the user ids produced by
   * `excludeSql` (an SQL subquery from the module that owns those rows, naming the viewer `:me`).
   */
  async newestExcept(viewer: AuthUser | undefined, excludeSql: string | null, page: PageWindow): Promise<ProfileResponse[]> {
    const exclude = viewer ? ` AND p.user_id <> :me${excludeSql ? ` AND p.user_id NOT IN (${excludeSql})` : ''}` : '';
    const w = pageSql(page);
    const rows = await this.db.rows<ProfileRow>(`${VISIBLE} AND p.nick_name <> 'default'${exclude} ${NEWEST_FIRST} LIMIT ${w.limit} OFFSET ${w.offset}`, {
      ...(viewer ? { me: viewer.id } : {}),
      ...w.params,
    });
    return rows.map((p) => this.toResponse(p));
  }

  /**
   * Word search over nickname and caption (Japanese and English); an empty query lists the newest.
   * A logged-in viewer does not find the people they blocked or who blocked them (safety module's fragment).
   */
  async search(q: string | undefined, page: PageWindow, viewer?: AuthUser): Promise<ProfileResponse[]> {
    const query = searchQuery(q ?? '');
    if (!query && (q ?? '').trim()) return [];
    const unblocked = viewer ? ` AND ${notBlockedSql('p.user_id', ':viewer::int')}` : '';
    const w = pageSql(page);
    const rows = await this.db.rows<ProfileRow>(
      `${VISIBLE}${query ? ` AND p.search_vector @@ to_tsquery('simple', :query)` : ''}${unblocked} ${NEWEST_FIRST} LIMIT ${w.limit} OFFSET ${w.offset}`,
      { ...(query ? { query } : {}), ...(viewer ? { viewer: viewer.id } : {}), ...w.params },
    );
    return rows.map((p) => this.toResponse(p));
  }

  async create(user: AuthUser, dto: ProfileFieldsDto, files: ProfileImages): Promise<ProfileResponse> {
    if (dto.nickName === undefined) throw DrfValidationError.field('nickName', Msg.required);
    if (await this.existsForUser(user.id)) throw DrfValidationError.nonField(Msg.profileExists);
    const birthday = dto.birth !== undefined && dto.birth !== '' ? checkBirth(dto.birth) : null;
    const images = await this.storeImages(user.id, files);
    let created: { id: number } | undefined;
    try {
      created = await this.db.row<{ id: number }>(
        `INSERT INTO profiles (user_id, nick_name, caption, description, birthday, sex, img, img_background, search_text)
         VALUES (:userId, :nickName, :caption, :description, :birthday, :sex, :img, :imgBackground, :searchText) RETURNING id`,
        {
          userId: user.id,
          nickName: dto.nickName,
          caption: dto.caption ?? '',
          description: dto.description ?? '',
          birthday,
          sex: dto.sex ?? '0',
          img: images.img ?? null,
          imgBackground: images.imgBackground ?? null,
          searchText: searchDocument(dto.nickName, dto.caption),
        },
      );
    } catch (err) {
      await this.deleteKeys(Object.values(images));
      if ((err as { code?: string }).code === '23505') throw DrfValidationError.nonField(Msg.profileExists);
      throw err;
    }
    return this.byIdUnfiltered(created!.id);
  }

  async update(user: AuthUser, id: number, dto: ProfileFieldsDto, files: ProfileImages): Promise<ProfileResponse> {
    const profile = await this.db.row<Pick<ProfileRow, 'userId' | 'nickName' | 'caption' | 'sex' | 'img' | 'imgBackground'>>(
      `SELECT p.user_id AS "userId", p.nick_name AS "nickName", p.caption, p.sex, p.img, p.img_background AS "imgBackground" FROM profiles p WHERE p.id = :id`,
      { id },
    );
    if (!profile) throw notFound();
    await this.access.require(user, Permission.Self, [profile.userId]);
    const birthday = dto.birth === undefined ? undefined : dto.birth === '' ? null : checkBirth(dto.birth);
    const images = await this.storeImages(user.id, files);
    const replaced = [images.img && profile.img, images.imgBackground && profile.imgBackground].filter((k): k is string => !!k);
    const nickName = dto.nickName ?? profile.nickName;
    const caption = dto.caption ?? profile.caption;
    await this.db.transaction(async (tx) => {
      // Only the fields the request carries change (null keeps a column; the birthday's own flag, as it may be cleared).
      await this.db.exec(
        `UPDATE profiles SET nick_name = COALESCE(:nickName, nick_name), caption = COALESCE(:caption, caption),
                description = COALESCE(:description, description), sex = COALESCE(:sex, sex),
                birthday = CASE WHEN :birthdaySet THEN :birthday::date ELSE birthday END,
                img = COALESCE(:img, img), img_background = COALESCE(:imgBackground, img_background), search_text = :searchText
          WHERE id = :id`,
        {
          id,
          nickName: dto.nickName,
          caption: dto.caption,
          description: dto.description,
          sex: dto.sex,
          birthdaySet: birthday !== undefined,
          birthday: birthday ?? null,
          img: images.img,
          imgBackground: images.imgBackground,
          searchText: searchDocument(nickName, caption),
        },
        tx,
      );
      if (dto.sex !== undefined && dto.sex !== profile.sex) await this.events.publish('profile.updated', { userId: user.id, sex: dto.sex }, tx);
    });
    await this.deleteKeys(replaced);
    return this.byIdUnfiltered(id);
  }

  private async byIdUnfiltered(id: number): Promise<ProfileResponse> {
    const profile = await this.db.row<ProfileRow>(`SELECT ${PROFILE_ROW} FROM profiles p WHERE p.id = :id`, { id });
    if (!profile) throw notFound();
    return this.toResponse(profile);
  }

  private async storeImages(userId: number, files: ProfileImages): Promise<{ img?: string; imgBackground?: string }> {
    const out: { img?: string; imgBackground?: string } = {};
    // Check every file before storing any, so a bad second file leaves nothing behind.
    const pending: Array<[keyof typeof out, Buffer]> = [];
    for (const field of ['img', 'imgBackground'] as const) {
      const file = files[field]?.[0];
      if (file) pending.push([field, await normalizeImage(field, file)]);
    }
    for (const [field, data] of pending) {
      const key = `profiles/${userId}/${crypto.randomUUID()}.jpg`;
      await this.storage.put(key, data, 'image/jpeg');
      out[field] = key;
    }
    return out;
  }

  private async deleteKeys(keys: Array<string | null | undefined>): Promise<void> {
    for (const key of keys) if (key) await this.storage.delete(key).catch(() => undefined);
  }
}
