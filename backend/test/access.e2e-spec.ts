import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AccessService } from '../src/common/access/access.service';
import { Permission } from '../src/common/access/permission';
import type { AuthUser } from '../src/common/auth/auth-user';
import { BooksService } from '../src/modules/books/books.service';
import { PostComments } from '../src/modules/posts/post-comments';
import { PostsService } from '../src/modules/posts/posts.service';
import { UploadedFile } from '../src/modules/uploads/entities/uploaded-file.entity';
import { createBook, createFollow, createPost, createUser } from './helpers/factories';
import { auth, startTestApp, type TestApp } from './helpers/test-app';

/** A module that does not exist yet (payments, say) adds gifted readers to BookFiles, from outside books. */
const GIFTED = new Set<number>();

/**
 * Each permission, table-driven: a visitor, another user, every role that grants it, and a user
 * whose account deletion was requested (they are no more than a visitor).
 */
describe('access checks', () => {
  let t: TestApp;
  let db: DataSource;
  let access: AccessService;
  const who: Record<string, AuthUser | undefined> = { visitor: undefined };
  const tokens: Record<string, string> = {};
  const book: Record<string, number> = {};
  const file: Record<string, number> = {};
  const post: Record<string, number> = {};
  const comment: Record<string, number> = {};
  const req: Record<string, number> = {};
  const as = (id: number): AuthUser => ({ id, email: '', language: 'ja', tokenId: 0 });

  beforeAll(async () => {
    t = await startTestApp(
      {},
      {
        beforeInit: (app) =>
          app.get(AccessService).contribute(Permission.BookFiles, 'test.gifted', async (viewer, ids) => (viewer && GIFTED.has(viewer.id) ? ids : [])),
      },
    );
    db = t.app.get<DataSource>(getDataSourceToken());
    access = t.app.get(AccessService);
    for (const name of ['author', 'contributor', 'buyer', 'giftee', 'stranger', 'noProfile', 'leaver']) {
      const u = await createUser(t.app, { nickName: name === 'noProfile' ? null : name });
      who[name] = as(u.userId);
      tokens[name] = u.token;
    }
    GIFTED.add(who.giftee!.id);
    book.free = await createBook(t.app, { contributors: [who.contributor!.id], price: 0 });
    book.paid = await createBook(t.app, { contributors: [who.contributor!.id, who.leaver!.id], price: 800 });
    for (const buyer of [who.buyer!.id, who.leaver!.id]) {
      await db.transaction((tx) => t.app.get(BooksService).grantOwnership(buyer, book.paid, 'purchase', tx));
    }
    const files: Array<{ id: number; user_id: number; page_id: number }> = await db.query(`SELECT id, user_id, page_id FROM uploaded_files`);
    file.free = files.find((f) => f.page_id === book.free)!.id;
    file.paid = files.find((f) => f.page_id === book.paid && f.user_id === who.contributor!.id)!.id;
    file.leavers = files.find((f) => f.page_id === book.paid && f.user_id === who.leaver!.id)!.id;
    const pending = db.getRepository(UploadedFile).create({
      userId: who.contributor!.id,
      title: 'pending',
      fileName: 'p.csv',
      storageKey: 'files/pending.csv',
      mimeType: 'text/csv',
      kind: 'csv',
      sizeBytes: 1,
      status: 'pending',
      language: 'ja',
    });
    await db.getRepository(UploadedFile).insert(pending);
    file.pending = pending.id;

    post.public = await createPost(t.app, { userId: who.author!.id });
    post.circle = await createPost(t.app, { userId: who.author!.id, communities: [1] });
    post.leavers = await createPost(t.app, { userId: who.leaver!.id });
    const posts = t.app.get(PostsService);
    // The stranger reposts the author's post: the repost is the stranger's, its content the author's.
    post.strangersRepost = (await posts.create(who.stranger!, { reposting: true, repostingFrom: post.public } as never)).id;
    const comments = t.app.get(PostComments);
    comment.authors = (await comments.comment(who.author!, { post: post.public, text: 'mine' })).id;
    comment.leavers = (await comments.comment(who.leaver!, { post: post.public, text: 'leaving' })).id;
    await createFollow(t.app, who.author!.id, who.stranger!.id, false);
    await createFollow(t.app, who.author!.id, who.leaver!.id, false);
    const requests: Array<{ id: number; ask_to: number }> = await db.query(`SELECT id, ask_to FROM follow_requests`);
    req.toStranger = requests.find((r) => r.ask_to === who.stranger!.id)!.id;
    req.toLeaver = requests.find((r) => r.ask_to === who.leaver!.id)!.id;

    await request(t.http).post('/api/user/deleteprofile/').set(auth(tokens.leaver)).expect(200);
  });
  afterAll(() => t.close());

  type Row = [viewer: string, object: string, allowed: boolean];
  const table = (permission: Permission, ids: () => Record<string, number>, rows: Row[]) =>
    it.each(rows)(`${permission}: %s on %s → %s`, async (viewer, object, allowed) => {
      const id = ids()[object];
      expect(id).toEqual(expect.any(Number));
      const granted = await access.check(who[viewer], permission, [id]);
      expect(granted.has(id)).toBe(allowed);
    });
  const users = () => Object.fromEntries(Object.entries(who).flatMap(([k, v]) => (v ? [[k, v.id]] : [])));

  describe(Permission.Self, () => {
    table(Permission.Self, users, [
      ['visitor', 'stranger', false],
      ['stranger', 'author', false],
      ['author', 'author', true],
      ['leaver', 'leaver', false],
    ]);
  });

  describe(Permission.BookFiles, () => {
    table(Permission.BookFiles, () => book, [
      ['visitor', 'free', true],
      ['visitor', 'paid', false],
      ['stranger', 'free', true],
      ['stranger', 'paid', false],
      ['noProfile', 'paid', false],
      ['contributor', 'paid', true],
      ['buyer', 'paid', true],
      ['giftee', 'paid', true], // another module's contribution
      ['leaver', 'paid', false], // contributor and buyer, but leaving
      ['leaver', 'free', true], // as any visitor
    ]);

    it('answers a batch in one call, leaving out unknown ids', async () => {
      const ids = await access.check(who.stranger, Permission.BookFiles, [book.free, book.paid, 2_000_000]);
      expect([...ids]).toEqual([book.free]);
    });
  });

  describe(Permission.BookClaim, () => {
    table(Permission.BookClaim, () => book, [
      ['visitor', 'paid', false],
      ['stranger', 'free', true],
      ['stranger', 'paid', false],
      ['buyer', 'paid', false], // paying is not claiming
      ['giftee', 'paid', false], // BookFiles' gift does not extend to claims
      ['contributor', 'paid', true],
      ['leaver', 'paid', false],
    ]);
  });

  describe(Permission.FileDownload, () => {
    table(Permission.FileDownload, () => file, [
      ['visitor', 'free', true],
      ['visitor', 'paid', false],
      ['stranger', 'paid', false],
      ['stranger', 'pending', false],
      ['contributor', 'pending', true], // the uploader, before the file is in a Book
      ['contributor', 'paid', true],
      ['buyer', 'paid', true],
      ['giftee', 'paid', true], // through BookFiles, whichever module grants it
      ['leaver', 'leavers', false],
    ]);
  });

  describe(Permission.ProfileExists, () => {
    table(Permission.ProfileExists, users, [
      ['visitor', 'stranger', false],
      ['stranger', 'author', false],
      ['stranger', 'stranger', true],
      ['noProfile', 'noProfile', false],
      ['leaver', 'leaver', false],
    ]);
  });

  describe(Permission.PostAuthor, () => {
    table(Permission.PostAuthor, () => post, [
      ['visitor', 'public', false],
      ['stranger', 'public', false],
      ['author', 'public', true],
      ['stranger', 'strangersRepost', true],
      ['leaver', 'leavers', false],
    ]);
  });

  describe(Permission.PostContentEdit, () => {
    table(Permission.PostContentEdit, () => post, [
      ['visitor', 'public', false],
      ['stranger', 'public', false],
      ['author', 'public', true],
      ['stranger', 'strangersRepost', false], // the reposter may delete it, not rewrite it
      ['author', 'strangersRepost', false],
      ['leaver', 'leavers', false],
    ]);
  });

  describe(Permission.PostVisible, () => {
    table(Permission.PostVisible, () => post, [
      ['visitor', 'public', true],
      ['stranger', 'public', true],
      ['visitor', 'circle', false],
      ['author', 'circle', false], // a circle post is for its circle's members (circle 1 does not exist: nobody)
      ['leaver', 'public', true], // as any visitor
    ]);
  });

  describe(Permission.CommentAuthor, () => {
    table(Permission.CommentAuthor, () => comment, [
      ['visitor', 'authors', false],
      ['stranger', 'authors', false],
      ['author', 'authors', true],
      ['leaver', 'leavers', false],
    ]);
  });

  describe(Permission.FollowRequestRecipient, () => {
    table(Permission.FollowRequestRecipient, () => req, [
      ['visitor', 'toStranger', false],
      ['buyer', 'toStranger', false],
      ['author', 'toStranger', false], // the requester cannot approve
      ['stranger', 'toStranger', true],
      ['leaver', 'toLeaver', false],
    ]);
  });

  describe(Permission.FollowRequestParty, () => {
    table(Permission.FollowRequestParty, () => req, [
      ['visitor', 'toStranger', false],
      ['buyer', 'toStranger', false],
      ['author', 'toStranger', true],
      ['stranger', 'toStranger', true],
      ['author', 'toLeaver', true],
      ['leaver', 'toLeaver', false],
    ]);
  });

  describe(Permission.NotificationRecipient, () => {
    const note: Record<string, number> = {};
    beforeAll(async () => {
      const made = async (recipient: AuthUser) =>
        (
          (await db.query(`INSERT INTO notifications (recipient_id, type, actor_id, object_id) VALUES ($1, 'post_liked', $2, $3) RETURNING id`, [
            recipient.id,
            who.author!.id,
            post.public,
          ])) as Array<{ id: number }>
        )[0].id;
      note.toStranger = await made(who.stranger!);
      note.toLeaver = await made(who.leaver!);
    });
    table(Permission.NotificationRecipient, () => note, [
      ['visitor', 'toStranger', false],
      ['author', 'toStranger', false], // the actor is not the recipient
      ['buyer', 'toStranger', false],
      ['stranger', 'toStranger', true],
      ['leaver', 'toLeaver', false],
    ]);
  });

  describe(Permission.CircleMember, () => {
    it('is contributed by the circles module: a non-member (of a circle that does not exist, here) is refused posting to it', async () => {
      expect(access.contributors(Permission.CircleMember)).toEqual(['circles.member']);
      expect(await access.check(who.author, Permission.CircleMember, [1])).toEqual(new Set());
      const res = await request(t.http)
        .post('/api/user/monopost/')
        .set(auth(tokens.author))
        .send({ text: 'hi', communities: [1] })
        .expect(403);
      expect(res.body).toEqual({ detail: 'You are not a member of this circle.', code: 'notCircleMember' });
    });
  });

  it('declares no permission that nothing uses: every one has a contribution', () => {
    const missing = Object.values(Permission).filter((p) => !access.has(p));
    expect(missing).toEqual([]);
  });

  describe('require', () => {
    it.each([
      ['stranger', undefined, 403, 'Buy it first.'],
      ['visitor', undefined, 401, 'Authentication credentials were not provided.'],
      ['leaver', undefined, 401, 'User inactive or deleted.'],
      ['stranger', 'not-found' as const, 404, 'Not found.'],
    ])('refuses %s (%s) with %s', async (viewer, refuse, status, detail) => {
      const err = await access.require(who[viewer], Permission.BookFiles, [book.paid], { refuse, detail: 'Buy it first.' }).catch((e: unknown) => e);
      expect(err).toMatchObject({ status, response: { detail } });
    });

    it('lets the allowed through, and refuses a batch with one forbidden id', async () => {
      await expect(access.require(who.buyer, Permission.BookFiles, [book.free, book.paid])).resolves.toBeUndefined();
      await expect(access.require(who.stranger, Permission.BookFiles, [book.free, book.paid])).rejects.toMatchObject({ status: 403 });
    });
  });

  describe('a contribution from another module reaches every use of the permission', () => {
    it('shows the paid parts and hands out the file to a gifted reader, not to a stranger', async () => {
      const info = (who: string) => request(t.http).get(`/api/user/monopage/get-page-info/?pageId=${book.paid}`).set(auth(tokens[who])).expect(200);
      expect((await info('giftee')).body).toMatchObject({ answer: 'answer', badpoint: 'bad', is_owned: false });
      expect((await info('stranger')).body).toMatchObject({ answer: '', badpoint: '' });
      await request(t.http).post('/api/user/get_s3_url/').set(auth(tokens.giftee)).send({ file_id: file.paid }).expect(200);
      await request(t.http)
        .post('/api/user/get_s3_url/')
        .set(auth(tokens.stranger))
        .send({ file_id: file.paid })
        .expect(403, { detail: 'Buy this Book to download its files.', code: 'buyToDownload' });
      // A file not yet in a Book does not exist for anyone but its uploader.
      await request(t.http).post('/api/user/get_s3_url/').set(auth(tokens.stranger)).send({ file_id: file.pending }).expect(404);
      await request(t.http).post('/api/user/get_s3_url/').set(auth(tokens.contributor)).send({ file_id: file.pending }).expect(200);
    });
  });
});

/** The union itself: later contributions see only the ids still refused. */
describe('AccessService unions', () => {
  const viewer: AuthUser = { id: 7, email: '', language: 'ja', tokenId: 0 };

  it('unions the contributions, asking each only for what the earlier ones refused', async () => {
    const access = new AccessService();
    const asked: Record<string, number[]> = {};
    access.contribute(Permission.PostVisible, 'a.even', async (_v, ids) => ((asked.even = [...ids]), ids.filter((id) => id % 2 === 0)));
    access.contribute(Permission.PostVisible, 'b.small', async (_v, ids) => ((asked.small = [...ids]), ids.filter((id) => id < 4)));
    access.contribute(Permission.PostVisible, 'c.none', async (_v, ids) => ((asked.none = [...ids]), [99]));
    const granted = await access.check(viewer, Permission.PostVisible, [1, 2, 3, 4, 5, 2]);
    expect([...granted].sort()).toEqual([1, 2, 3, 4]);
    expect(asked).toEqual({ even: [1, 2, 3, 4, 5], small: [1, 3, 5], none: [5] });
  });

  it('stops asking once everything is granted, and skips a contribution whose answer the caller knows', async () => {
    const access = new AccessService();
    const calls: string[] = [];
    access.contribute(Permission.BookFiles, 'books.rule', async (_v, ids) => (calls.push('books'), ids));
    access.contribute(Permission.BookFiles, 'pay.buyers', async () => (calls.push('pay'), [2]));
    expect([...(await access.check(viewer, Permission.BookFiles, [1, 2]))]).toEqual([1, 2]);
    expect(calls).toEqual(['books']);
    calls.length = 0;
    const granted = await access.check(viewer, Permission.BookFiles, [1, 2, 3], { known: { by: 'books.rule', granted: [1] } });
    expect([...granted].sort()).toEqual([1, 2]);
    expect(calls).toEqual(['pay']);
  });

  it('refuses a contribution registered twice under one name', () => {
    const access = new AccessService();
    access.contribute(Permission.PostAuthor, 'posts.author', async () => []);
    expect(() => access.contribute(Permission.PostAuthor, 'posts.author', async () => [])).toThrow(/twice/);
  });
});
