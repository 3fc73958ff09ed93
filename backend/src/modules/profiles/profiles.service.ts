import type { UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import { notBlockedSql } from '../safety/safety-sql';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import * as crypto from 'node:crypto';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import { type AuthUser } from '../../common/auth/auth-user';
import { EventsService } from '../../common/events/events.service';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { notFound } from '../../common/http/id-param.pipe';
import { PAGE_SIZE, type PageWindow } from '../../common/http/paging';
import { searchDocument, searchQuery } from '../../common/search/search-text';
import { normalizeImage } from '../../common/uploads/images';
import { Sql } from '../../database/sql';
import { FileStorage } from '../../storage/file-storage';
import { mediaUrl } from '../../storage/media-url';
import { ProfileFieldsDto, ProfileResponse } from './dto/profile.dto';
import { Profile } from './entities/profile.entity';

export interface ProfileImages {
  img?: UploadedMultipartFile[];
  imgBackground?: UploadedMultipartFile[];
}

const MAX_AGE_YEARS = 121;

/** A profile as the responses need it: the entity's fields, read by plain SQL (see `Sql`). */
type ProfileRow = Pick<Profile, 'id' | 'userId' | 'nickName' | 'caption' | 'description' | 'birthday' | 'sex' | 'img' | 'imgBackground' | 'createdOn'>;
const PROFILE_ROW = `p.id, p.user_id AS "userId", p.nick_name AS "nickName", p.caption, p.description, p.birthday::text AS birthday,
  p.sex, p.img, p.img_background AS "imgBackground", p.created_on AS "createdOn"`;
/** Profiles of active accounts only: a deletion request hides the profile at once. */
const VISIBLE = `SELECT ${PROFILE_ROW} FROM profiles p WHERE p.active = true`;
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
    @InjectRepository(Profile) private readonly profiles: Repository<Profile>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: Sql,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly storage: FileStorage,
    private readonly events: EventsService,
    private readonly access: AccessService,
  ) {
    // A profile that is hidden (its account is leaving) does not let its user act as a person.
    access.contribute(Permission.ProfileExists, 'profiles.exists', async (viewer, ids, tx) => {
      if (!viewer || !ids.includes(viewer.id)) return [];
      const sql = `SELECT 1 FROM profiles WHERE user_id = $1 AND active`;
      const rows: unknown[] = tx ? await tx.query(sql, [viewer.id]) : await this.sql.query(sql, [viewer.id]);
      return rows.length ? [viewer.id] : [];
    });
    // Leaving the site (domain-events.ts): the profile leaves every list at once, and goes at the purge.
    events.subscribe('account.deletion_requested', 'profiles', ({ userId }) => this.db.transaction((tx) => this.setActive(userId, false, tx)));
    events.subscribe('account.deleted', 'profiles', ({ userId }) => this.deleteOfUser(userId));
  }

  /** Hides (or shows again) a user's profile everywhere. */
  async setActive(userId: number, active: boolean, tx: EntityManager): Promise<void> {
    await tx.update(Profile, { userId }, { active });
  }

  /** `account.deleted`: the stored images first, then the row (a crash in between leaves a row that redelivery deletes). */
  async deleteOfUser(userId: number): Promise<void> {
    const profile = await this.profiles.findOneBy({ userId });
    if (!profile) return;
    await this.deleteKeys([profile.img, profile.imgBackground]);
    await this.profiles.delete({ userId });
  }

  /** The sex code of a user's profile ('0' without one), for the counts other modules keep. */
  async sexOf(userId: number): Promise<string> {
    return (await this.profiles.findOne({ where: { userId }, select: { sex: true } }))?.sex ?? '0';
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
    return this.profiles.exists({ where: { userId } });
  }

  async mine(user: AuthUser): Promise<ProfileResponse> {
    const [profile] = await this.sql.query<ProfileRow>(`SELECT ${PROFILE_ROW} FROM profiles p WHERE p.user_id = $1 LIMIT 1`, [user.id]);
    if (!profile) throw notFound();
    return this.toResponse(profile);
  }

  async byId(id: number): Promise<ProfileResponse> {
    const [profile] = await this.sql.query<ProfileRow>(`${VISIBLE} AND p.id = $1`, [id]);
    if (!profile) throw notFound();
    return this.toResponse(profile);
  }

  /**
   * User ids of the people whose page is public (an active profile: /user/{id} answers it) for the
   * sitemap, from `afterId` (exclusive) to `lastId` (inclusive), at most `limit`: keyset pages.
   */
  async sitemapUserIds(afterId: number, lastId: number, limit: number): Promise<number[]> {
    const rows = await this.sql.query<{ user_id: number }>(
      `SELECT p.user_id FROM profiles p WHERE p.active = true AND p.user_id > $1 AND p.user_id <= $2 ORDER BY p.user_id LIMIT $3`,
      [afterId, lastId, limit],
    );
    return rows.map((r) => r.user_id);
  }

  /** The blocks of `size` user ids (block n: n·size+1 … (n+1)·size) that hold a public page. */
  async sitemapUserBlocks(size: number): Promise<number[]> {
    const rows = await this.sql.query<{ block: number }>(`SELECT DISTINCT ((p.user_id - 1) / $1)::int AS block FROM profiles p WHERE p.active = true ORDER BY 1`, [size]);
    return rows.map((r) => r.block);
  }

  async byUserId(userId: number): Promise<ProfileResponse> {
    const [profile] = await this.sql.query<ProfileRow>(`${VISIBLE} AND p.user_id = $1 LIMIT 1`, [userId]);
    if (!profile) throw notFound();
    return this.toResponse(profile);
  }

  /** Newest profiles that have a real nickname, for the follow-recommendation carousel. */
  async newest(viewer?: AuthUser): Promise<ProfileResponse[]> {
    const rows = await this.sql.query<ProfileRow>(
      `${VISIBLE} AND p.nick_name <> 'default' AND ($1::int IS NULL OR p.user_id <> $1) ${NEWEST_FIRST} LIMIT ${PAGE_SIZE}`,
      [viewer?.id ?? null],
    );
    return rows.map((p) => this.toResponse(p));
  }

  /** Full profiles of active accounts by user id, in one statement (for lists of people). */
  async byUserIds(userIds: readonly number[]): Promise<Map<number, ProfileResponse>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.sql.query<ProfileRow>(`${VISIBLE} AND p.user_id = ANY($1::int[])`, [ids]);
    return new Map(rows.map((p) => [p.userId, this.toResponse(p)]));
  }

  /**
   * Newest profiles with a real nickname, leaving out the viewer and the user ids produced by
   * `excludeSql` (an SQL subquery from the module that owns those rows, taking `:me`).
   */
  async newestExcept(viewer: AuthUser | undefined, excludeSql: string | null, page: PageWindow): Promise<ProfileResponse[]> {
    const exclude = viewer ? ` AND p.user_id <> $3${excludeSql ? ` AND p.user_id NOT IN (${excludeSql.replace(/:me\b/g, '$3')})` : ''}` : '';
    const rows = await this.sql.query<ProfileRow>(
      `${VISIBLE} AND p.nick_name <> 'default'${exclude} ${NEWEST_FIRST} OFFSET $1 LIMIT $2`,
      viewer ? [page.offset, page.limit, viewer.id] : [page.offset, page.limit],
    );
    return rows.map((p) => this.toResponse(p));
  }

  /** Word search over nickname and caption (Japanese and English); an empty query lists the newest. */
  /** Profile search; a logged-in viewer does not find the people they blocked or who blocked them (safety module's fragment). */
  async search(q: string | undefined, page: PageWindow, viewer?: AuthUser): Promise<ProfileResponse[]> {
    const query = searchQuery(q ?? '');
    if (!query && (q ?? '').trim()) return [];
    const params: unknown[] = query ? [page.offset, page.limit, query] : [page.offset, page.limit];
    if (viewer) params.push(viewer.id);
    const unblocked = viewer ? ` AND ${notBlockedSql('p.user_id', `$${params.length}::int`)}` : '';
    const rows = await this.sql.query<ProfileRow>(
      `${VISIBLE}${query ? ` AND p.search_vector @@ to_tsquery('simple', $3)` : ''}${unblocked} ${NEWEST_FIRST} OFFSET $1 LIMIT $2`,
      params,
    );
    return rows.map((p) => this.toResponse(p));
  }

  async create(user: AuthUser, dto: ProfileFieldsDto, files: ProfileImages): Promise<ProfileResponse> {
    if (dto.nickName === undefined) throw DrfValidationError.field('nickName', Msg.required);
    if (await this.existsForUser(user.id)) throw DrfValidationError.nonField(Msg.profileExists);
    const birthday = dto.birth !== undefined && dto.birth !== '' ? checkBirth(dto.birth) : null;
    const images = await this.storeImages(user.id, files);
    const profile = this.profiles.create({
      userId: user.id,
      nickName: dto.nickName,
      caption: dto.caption ?? '',
      description: dto.description ?? '',
      birthday,
      sex: dto.sex ?? '0',
      img: images.img ?? null,
      imgBackground: images.imgBackground ?? null,
      searchText: searchDocument(dto.nickName, dto.caption),
    });
    try {
      await this.profiles.insert(profile);
    } catch (err) {
      await this.deleteKeys(Object.values(images));
      if ((err as { code?: string }).code === '23505') throw DrfValidationError.nonField(Msg.profileExists);
      throw err;
    }
    return this.byIdUnfiltered(profile.id);
  }

  async update(user: AuthUser, id: number, dto: ProfileFieldsDto, files: ProfileImages): Promise<ProfileResponse> {
    const profile = await this.profiles.findOneBy({ id });
    if (!profile) throw notFound();
    await this.access.require(user, Permission.Self, [profile.userId]);
    const birthday = dto.birth === undefined ? undefined : dto.birth === '' ? null : checkBirth(dto.birth);
    const images = await this.storeImages(user.id, files);
    const replaced = [images.img && profile.img, images.imgBackground && profile.imgBackground].filter((k): k is string => !!k);
    const changes: Partial<Profile> = {
      ...(dto.nickName !== undefined && { nickName: dto.nickName }),
      ...(dto.caption !== undefined && { caption: dto.caption }),
      ...(dto.description !== undefined && { description: dto.description }),
      ...(birthday !== undefined && { birthday }),
      ...(dto.sex !== undefined && { sex: dto.sex }),
      ...images,
    };
    changes.searchText = searchDocument(changes.nickName ?? profile.nickName, changes.caption ?? profile.caption);
    await this.db.transaction(async (tx) => {
      await tx.update(Profile, id, changes);
      if (changes.sex !== undefined && changes.sex !== profile.sex) await this.events.publish('profile.updated', { userId: user.id, sex: changes.sex }, tx);
    });
    await this.deleteKeys(replaced);
    return this.byIdUnfiltered(id);
  }

  private async byIdUnfiltered(id: number): Promise<ProfileResponse> {
    return this.toResponse(await this.profiles.findOneByOrFail({ id }));
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
