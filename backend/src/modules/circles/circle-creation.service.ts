import { Injectable } from '@nestjs/common';
import * as crypto from 'node:crypto';
import type { AuthUser } from '../../common/auth/auth-user';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { searchDocument } from '../../common/search/search-text';
import { normalizeImage } from '../../common/uploads/images';
import { Db } from '../../database/db';
import { FileStorage } from '../../storage/file-storage';
import { CIRCLE_COLUMNS, type CircleRow } from './circle-sql';
import { CirclePacker } from './circle.packer';
import type { CircleImages } from './circles.controller';
import type { CommunityResponse, CreateCircleDto } from './dto/circle.dto';

/** create-community/: a new circle with its icon and cover; its creator is its owner and first member. */
@Injectable()
export class CircleCreation {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly packer: CirclePacker,
  ) {}

  async create(viewer: AuthUser, dto: CreateCircleDto, files: CircleImages): Promise<CommunityResponse> {
    const image = files.image?.[0];
    const background = files.background_image?.[0];
    if (!image) throw DrfValidationError.field('image', Msg.noFile);
    // Both checked (by content) before anything is stored.
    const icon = await normalizeImage('image', image, 800);
    const cover = background ? await normalizeImage('background_image', background, 1600) : null;
    const keys: string[] = [];
    try {
      const iconKey = `circles/${crypto.randomUUID()}.jpg`;
      await this.storage.put(iconKey, icon, 'image/jpeg');
      keys.push(iconKey);
      let coverKey: string | null = null;
      if (cover) {
        coverKey = `circles/${crypto.randomUUID()}.jpg`;
        await this.storage.put(coverKey, cover, 'image/jpeg');
        keys.push(coverKey);
      }
      const row = await this.db.transaction(async (tx) => {
        const created = await this.db.row<CircleRow>(
          `INSERT INTO circles AS c (owner_id, title, description, image, background_image, member_count, search_text)
           VALUES (:owner, :title, :description, :image, :background, 1, :search) RETURNING ${CIRCLE_COLUMNS}`,
          {
            owner: viewer.id,
            title: dto.title,
            description: dto.description,
            image: iconKey,
            background: coverKey,
            search: searchDocument(dto.title, dto.description),
          },
          tx,
        );
        const circle = created as CircleRow; // INSERT … RETURNING answers the row it made
        await this.db.exec(`INSERT INTO circle_members (circle_id, user_id) VALUES (:circle, :owner)`, { circle: circle.id, owner: viewer.id }, tx);
        return circle;
      });
      return this.packer.circle(row);
    } catch (err) {
      // Nothing of a circle that was not made stays in storage.
      for (const key of keys) await this.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }
}
