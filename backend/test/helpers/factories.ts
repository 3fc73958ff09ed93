import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { searchDocument } from '../../src/common/search/search-text';
import { User } from '../../src/modules/auth/entities/user.entity';
import { TokenService } from '../../src/modules/auth/token.service';
import { BooksService } from '../../src/modules/books/books.service';
import { FollowsService } from '../../src/modules/follows/follows.service';
import { PostsService } from '../../src/modules/posts/posts.service';
import { Profile } from '../../src/modules/profiles/entities/profile.entity';
import { UploadedFile } from '../../src/modules/uploads/entities/uploaded-file.entity';

/**
 * Test fixtures made through the owning modules' entities and services, never hand-written SQL:
 * a fixture is then what the product itself would have written.
 */
let serial = 0;
const next = () => `${process.pid}-${++serial}`;

export interface UserFixture {
  userId: number;
  token: string;
}

export interface UserOptions {
  email?: string;
  language?: 'ja' | 'en';
  /** A profile with this nickname (default: one is made); `null` for a user without a profile. */
  nickName?: string | null;
  sex?: string;
}

export async function createUser(app: INestApplication, opts: UserOptions = {}): Promise<UserFixture> {
  const db = app.get<DataSource>(getDataSourceToken());
  const user = await db.getRepository(User).save({ email: opts.email ?? `user-${next()}@example.com`, emailVerified: true, language: opts.language ?? 'ja' });
  if (opts.nickName !== null) {
    const nickName = opts.nickName ?? `user${serial}`;
    await db.getRepository(Profile).insert({ userId: user.id, nickName, sex: opts.sex ?? '0', searchText: searchDocument(nickName) });
  }
  return { userId: user.id, token: await app.get(TokenService).issue(user.id) };
}

export interface BookOptions {
  title?: string;
  language?: 'ja' | 'en';
  price?: number;
  tagIds?: number[];
  /** Users whose data files the Book holds (the first one is the Book's owner). */
  contributors: number[];
}

/** A published Book, as the upload pipeline leaves it: the Book, its files, its contributors as owners. */
export async function createBook(app: INestApplication, opts: BookOptions): Promise<number> {
  const db = app.get<DataSource>(getDataSourceToken());
  const books = app.get(BooksService);
  const title = opts.title ?? `データ ${next()}`;
  return db.transaction(async (tx) => {
    const bookId = await books.create(
      {
        title,
        summary: 'まとめ',
        img: 'covers/none.jpg',
        language: opts.language ?? 'ja',
        price: opts.price ?? 0,
        goodpoint: 'good',
        badpoint: 'bad',
        point1: 'p1',
        point2: 'p2',
        point3: 'p3',
        point4: 'p4',
        point5: 'p5',
        answer: 'answer',
        ownerId: opts.contributors[0],
        subjectWords: [],
        searchText: searchDocument(title, 'まとめ'),
        tagIds: opts.tagIds ?? [],
      },
      tx,
    );
    for (const userId of opts.contributors) {
      const file = tx.getRepository(UploadedFile).create({
        userId,
        pageId: bookId,
        title,
        fileName: 'data.csv',
        storageKey: `files/fixture-${next()}.csv`,
        mimeType: 'text/csv',
        kind: 'csv',
        sizeBytes: 1,
        status: 'done',
        language: opts.language ?? 'ja',
      });
      await tx.getRepository(UploadedFile).insert(file);
      await books.attachFile({ bookId, fileId: file.id, userId, title }, tx);
    }
    return bookId;
  });
}

export interface PostOptions {
  userId: number;
  text?: string;
  rating?: number;
  reviewTo?: number;
  /** A circle post (only its circle's feed shows it). */
  communities?: number[];
}

/** A post (or review), stored as POST monopost/ stores it: counters and the Book's statistics included. */
export async function createPost(app: INestApplication, opts: PostOptions): Promise<number> {
  const db = app.get<DataSource>(getDataSourceToken());
  const posts = app.get(PostsService);
  return db.transaction((tx) =>
    posts.insert(
      {
        userId: opts.userId,
        text: opts.text ?? `post ${next()}`,
        rating: opts.rating ?? null,
        reviewTo: opts.reviewTo ?? null,
        communityPost: !!opts.communities?.length,
        communities: opts.communities ?? [],
      },
      tx,
    ),
  );
}

/** `from` follows `to`: the request and, unless `approved` is false, its approval by `to`. */
export async function createFollow(app: INestApplication, from: number, to: number, approved = true): Promise<void> {
  const follows = app.get(FollowsService);
  const as = (id: number) => ({ id, email: '', language: 'ja', tokenId: 0 });
  await follows.approval(as(from), { askTo: to });
  if (approved) await follows.approval(as(to), { askTo: from, approved: true });
}
