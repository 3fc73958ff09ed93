import request from 'supertest';
import sharp from 'sharp';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EventsService } from '../src/common/events/events.service';
import { Db } from '../src/database/db';
import { PostModeration } from '../src/modules/posts/post-moderation';
import { PostsService } from '../src/modules/posts/posts.service';
import { type RecordedEvents, recordEvents } from './helpers/events';
import { createBook, createPost, createUser, type UserFixture } from './helpers/factories';
import { auth, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

const jpeg = (w = 400, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a8a5c' } })
    .jpeg()
    .toBuffer();

/**
 * Posts, reviews, likes, reposts and comments: every call, its refusals, the stored counters,
 * a Book's rating and post count, and the durable events each act publishes.
 */
describe('posts', () => {
  let t: TestApp;
  let author: UserFixture;
  let reader: UserFixture;
  let third: UserFixture;
  let bookId: number;
  const events: RecordedEvents = {};
  const api = (path: string) => `/api/user/${path}`;

  beforeAll(async () => {
    t = await startTestApp(
      {},
      {
        beforeInit: (app) => {
          const events_ = app.get(EventsService);
          // A notification handler as domain-events.ts asks for: the act must still stand, and the
          // effect has a unique key (recipient, type, actor, post).
          const db = app.get<DataSource>(getDataSourceToken());
          events_.subscribe('post.liked', 'test-notify', async ({ likeId, postId, userId, authorId }) => {
            if (!(await app.get(PostsService).actExists('like', likeId))) return;
            await db.query(`INSERT INTO test_notifications VALUES ($1, 'post_liked', $2, $3) ON CONFLICT DO NOTHING`, [authorId, userId, postId]);
          });
          recordEvents(app, ['post.liked', 'post.commented', 'post.reposted'], events);
        },
      },
    );
    author = await createUser(t.app, { nickName: '作者' });
    reader = await createUser(t.app, { nickName: 'Reader' });
    third = await createUser(t.app, { nickName: 'Third' });
    bookId = await createBook(t.app, { title: '健康保険料率', contributors: [third.userId] });
    await t.app
      .get<DataSource>(getDataSourceToken())
      .query(`CREATE TABLE test_notifications (recipient int, type text, actor int, post int, PRIMARY KEY (recipient, type, actor, post))`);
  });
  afterAll(() => t.close());

  const book = async () =>
    (
      await request(t.http)
        .get(api(`monopage/get-page-info/?pageId=${bookId}`))
        .expect(200)
    ).body;
  const post = async (id: number, who?: UserFixture) => {
    const req = request(t.http).get(api(`monopost/${id}/`));
    if (who) req.set(auth(who.token));
    return (await req.expect(200)).body;
  };
  async function waitFor<T>(what: () => T | undefined): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = what();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('timed out waiting for an event');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  describe('POST monopost/', () => {
    it('refuses a visitor', async () => {
      await request(t.http).post(api('monopost/')).field('text', 'hi').expect(401);
    });

    it('publishes a review of a Book with a 2:1 image, and the Book gets its rating and post count', async () => {
      const res = await request(t.http)
        .post(api('monopost/'))
        .set(auth(author.token))
        .field('text', 'とても役に立つデータ')
        .field('rating', '70')
        .field('reviewTo', String(bookId))
        .attach('img', await jpeg(), 'crop.png')
        .expect(201);
      expect(res.body).toMatchObject({
        text: 'とても役に立つデータ',
        rating: 70,
        reviewTo: bookId,
        title: '健康保険料率',
        reposting: false,
        repostingFrom: null,
        communitypost_flag: false,
        communities: [],
        communities_info: [],
        liked: [],
        userPost: author.userId,
        likedTimes: 0,
        repostedTimes: 0,
        commentedCounts: 0,
        is_liked: false,
        is_reposted: false,
        is_commented: false,
      });
      expect(res.body.userPostProfile).toMatchObject({ userId: author.userId, nickName: '作者' });
      expect(res.body.reviewToPage).toMatchObject({ id: bookId, title: '健康保険料率', rating: 70, post_count: 1 });
      expect(res.body.img).toMatch(/\/media\/posts\/\d+\/[0-9a-f-]+\.jpg$/);
      const img = await request(t.http).get(new URL(res.body.img).pathname).expect(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
      expect(await book()).toMatchObject({ rating: 70, post_count: 1 });

      await request(t.http).post(api('monopost/')).set(auth(reader.token)).send({ text: 'まあまあ', rating: 90, reviewTo: bookId }).expect(201);
      expect(await book()).toMatchObject({ rating: 80, post_count: 2 });
    });

    it('takes a pure post as JSON', async () => {
      const res = await request(t.http).post(api('monopost/')).set(auth(reader.token)).send({ text: 'hello', purepost_flag: true }).expect(201);
      expect(res.body).toMatchObject({ text: 'hello', purepost_flag: true, rating: null, reviewTo: null, reviewToPage: null, title: '' });
    });

    it('reads booleans of a multipart form as DRF does (True/False as Python sends them, yes/no, on/off)', async () => {
      for (const [spelling, value] of [
        ['True', true],
        ['False', false],
        ['yes', true],
        ['off', false],
        ['1', true],
      ] as const) {
        const res = await request(t.http)
          .post(api('monopost/'))
          .set(auth(reader.token))
          .field('text', `bool ${spelling}`)
          .field('purepost_flag', spelling)
          .expect(201);
        expect(res.body.purepost_flag).toBe(value);
      }
      const bad = await request(t.http).post(api('monopost/')).set(auth(reader.token)).field('text', 'bool maybe').field('purepost_flag', 'maybe').expect(400);
      expect(bad.body).toEqual(validationErrors({ purepost_flag: ['Must be a valid boolean.'] }));
    });

    it.each([
      [{ text: 'x', rating: 72, reviewTo: 0 }, 'rating', 'Ensure this value is a multiple of 5.'],
      [{ text: 'x', rating: 0 }, 'rating', 'Ensure this value is greater than or equal to 5.'],
      [{ text: 'x', rating: 105 }, 'rating', 'Ensure this value is less than or equal to 100.'],
      [{ text: 'x', rating: 50 }, 'rating', 'A rating needs reviewTo (the Book reviewed).'],
      [{ text: 'x', rating: 50, reviewTo: 999999 }, 'reviewTo', 'Invalid pk "999999" - object does not exist.'],
      [{ text: '   ' }, 'text', 'This field may not be blank.'],
      [{}, 'text', 'This field is required.'],
      [{ reposting: true }, 'repostingFrom', 'This field is required.'],
      [{ reposting: true, repostingFrom: 999999 }, 'repostingFrom', 'Invalid pk "999999" - object does not exist.'],
      [{ text: 'x', communitypost_flag: true }, 'communities', 'A circle post needs its circles.'],
    ])('refuses %j', async (body, field, message) => {
      const res = await request(t.http).post(api('monopost/')).set(auth(author.token)).send(body).expect(400);
      expect(res.body[field]).toContain(message);
    });

    it('refuses a file that is not an image, whatever its name', async () => {
      const res = await request(t.http)
        .post(api('monopost/'))
        .set(auth(author.token))
        .field('text', 'x')
        .attach('img', Buffer.from('<?php ?>'), 'a.jpg')
        .expect(400);
      expect(Object.keys(res.body)).toEqual(['img', 'error_codes']);
    });
  });

  describe('likes through PUT monopost/{id}/', () => {
    let postId: number;
    beforeAll(async () => {
      postId = await createPost(t.app, { userId: author.userId, text: 'like me' });
    });

    it("adds and removes only the caller; counts move by one and are never the client's", async () => {
      const liked = await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(reader.token))
        .send({ liked: [reader.userId], likedTimes: 500 })
        .expect(200);
      expect(liked.body).toMatchObject({ likedTimes: 1, liked: [reader.userId], is_liked: true, text: 'like me' });
      await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(reader.token))
        .field('liked', String(reader.userId))
        .expect(200);
      expect((await post(postId)).likedTimes).toBe(1);
      expect((await post(postId, author)).liked).toEqual([]);
      const interactions = await request(t.http)
        .get(api(`post-interactions/${postId}/`))
        .set(auth(reader.token))
        .expect(200);
      expect(interactions.body).toEqual({ is_liked: true, is_reposted: false, is_commented: false });
      const unliked = await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(reader.token))
        .send({ liked: [] })
        .expect(200);
      expect(unliked.body).toMatchObject({ likedTimes: 0, liked: [], is_liked: false });
      await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(reader.token))
        .field('liked', '')
        .expect(200);
      expect((await post(postId)).likedTimes).toBe(0);
    });

    it('refuses forging a like for another user', async () => {
      const res = await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(reader.token))
        .send({ liked: [third.userId] })
        .expect(403);
      expect(res.body).toEqual({ detail: 'You can only like or unlike a post as yourself.', code: 'likeOnlyYourself' });
      await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(reader.token))
        .send({ liked: [reader.userId, author.userId] })
        .expect(403);
      expect((await post(postId)).likedTimes).toBe(0);
    });

    it("refuses editing someone else's post; the author edits", async () => {
      const res = await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(reader.token))
        .send({ text: 'hacked' })
        .expect(403);
      expect(res.body).toEqual({ detail: 'Only the author can change or delete this.', code: 'authorOnly' });
      await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(reader.token))
        .attach('img', await jpeg(), 'x.jpg')
        .expect(403);
      await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(reader.token))
        .field('text', 'hacked')
        .field('liked', String(reader.userId))
        .expect(403);
      await request(t.http)
        .put(api(`monopost/${postId}/`))
        .send({ liked: [] })
        .expect(401);
      const visitor = await request(t.http)
        .put(api(`monopost/${postId}/`))
        .field('text', 'by a visitor')
        .expect(401);
      expect(visitor.body).toEqual({ detail: 'Authentication credentials were not provided.', code: 'notAuthenticated' });
      expect(await post(postId)).toMatchObject({ text: 'like me', img: null, likedTimes: 0 });
      const edited = await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(author.token))
        .send({ text: 'edited' })
        .expect(200);
      expect(edited.body.text).toBe('edited');
      await request(t.http).put(api('monopost/999999/')).set(auth(author.token)).send({ text: 'x' }).expect(404);
    });

    it('moves the Book rating when a review rating is edited; refuses a rating on a plain post', async () => {
      const reviewId = await createPost(t.app, { userId: author.userId, rating: 30, reviewTo: bookId });
      expect(await book()).toMatchObject({ rating: 63, post_count: 3 }); // (70 + 90 + 30) / 3
      await request(t.http)
        .put(api(`monopost/${reviewId}/`))
        .set(auth(author.token))
        .send({ rating: 50 })
        .expect(200);
      expect(await book()).toMatchObject({ rating: 70, post_count: 3 });
      const res = await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(author.token))
        .send({ rating: 50 })
        .expect(400);
      expect(res.body).toEqual(validationErrors({ rating: ['Only a review has a rating.'] }));
      // Someone else cannot move the review's rating (nor the Book's).
      const refused = await request(t.http)
        .put(api(`monopost/${reviewId}/`))
        .set(auth(reader.token))
        .field('rating', '95')
        .expect(403);
      expect(refused.body).toEqual({ detail: 'Only the author can change or delete this.', code: 'authorOnly' });
      expect(await book()).toMatchObject({ rating: 70, post_count: 3 });
      await request(t.http)
        .delete(api(`monopost/${reviewId}/`))
        .set(auth(author.token))
        .expect(204);
      expect(await book()).toMatchObject({ rating: 80, post_count: 2 });
    });

    it('keeps a review a moderator hid off the Book while its author edits the rating; the restore counts the new rating', async () => {
      const reviewId = await createPost(t.app, { userId: author.userId, rating: 30, reviewTo: bookId });
      const moderate = (to: 'hide' | 'show') =>
        t.app.get(Db).transaction((tx) => t.app.get(PostModeration).moderate('post', reviewId, to, to === 'hide' ? 'spam' : null, tx));
      await moderate('hide');
      expect(await book()).toMatchObject({ rating: 80, post_count: 2 });
      // Its author still sees it (marked) and edits it: nothing of it counts while it is hidden.
      await request(t.http)
        .put(api(`monopost/${reviewId}/`))
        .set(auth(author.token))
        .send({ rating: 50 })
        .expect(200);
      expect(await book()).toMatchObject({ rating: 80, post_count: 2 });
      await moderate('show');
      expect(await book()).toMatchObject({ rating: 70, post_count: 3 }); // (70 + 90 + 50) / 3
      await request(t.http)
        .delete(api(`monopost/${reviewId}/`))
        .set(auth(author.token))
        .expect(204);
      expect(await book()).toMatchObject({ rating: 80, post_count: 2 });
    });

    it('publishes post.liked with the like row; an unlike and like again is a new act', async () => {
      // Events of earlier tests may still arrive: look only at this post's likes by this user.
      const mine = () => (events['post.liked'] ?? []).filter((e) => e.postId === postId && e.userId === third.userId);
      await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(third.token))
        .send({ liked: [third.userId] })
        .expect(200);
      const first = await waitFor(() => mine()[0]);
      expect(first).toMatchObject({ postId, userId: third.userId, authorId: author.userId });
      await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(third.token))
        .send({ liked: [third.userId] })
        .expect(200); // already liked: no event
      await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(third.token))
        .send({ liked: [] })
        .expect(200);
      await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(third.token))
        .send({ liked: [third.userId] })
        .expect(200);
      const second = await waitFor(() => mine()[1]);
      expect(second.likeId).not.toBe(first.likeId);
      await new Promise((r) => setTimeout(r, 500));
      expect(mine()).toHaveLength(2);
    });
  });

  it('notifies a like once however often it is taken back and redone', async () => {
    const postId = await createPost(t.app, { userId: author.userId, text: 'toggle me' });
    for (const liked of [[reader.userId], [], [reader.userId], [], [reader.userId]]) {
      await request(t.http)
        .put(api(`monopost/${postId}/`))
        .set(auth(reader.token))
        .send({ liked })
        .expect(200);
    }
    await waitFor(() => events['post.liked']?.filter((e) => e.postId === postId)[2]); // three likes, three events
    const db = t.app.get<DataSource>(getDataSourceToken());
    const rows = async () => db.query(`SELECT recipient, type, actor FROM test_notifications WHERE post = $1`, [postId]);
    const deadline = Date.now() + 15_000;
    while ((await rows()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000)); // time for any wrongly doubled effect
    expect(await rows()).toEqual([{ recipient: author.userId, type: 'post_liked', actor: reader.userId }]);
    expect((await post(postId)).likedTimes).toBe(1);
  });

  describe('reposts', () => {
    let originalId: number;
    beforeAll(async () => {
      originalId = await createPost(t.app, { userId: author.userId, text: 'worth sharing' });
    });

    it('reposts once, counts it, and takes the content and author from the original', async () => {
      const res = await request(t.http)
        .post(api('monopost/'))
        .set(auth(reader.token))
        .send({ reposting: true, repostingFrom: originalId, repostingFromUser: third.userId, text: 'ignored' })
        .expect(201);
      expect(res.body).toMatchObject({
        reposting: true,
        repostingFrom: originalId,
        repostingFromUser: author.userId,
        text: 'worth sharing',
        userPost: reader.userId,
        is_reposted: true,
      });
      expect(res.body.repostingProfile).toMatchObject({ userId: author.userId, nickName: '作者' });
      expect(await post(originalId, reader)).toMatchObject({ repostedTimes: 1, is_reposted: true });
      const again = await request(t.http).post(api('monopost/')).set(auth(reader.token)).send({ reposting: true, repostingFrom: res.body.id }).expect(400);
      expect(again.body).toEqual(validationErrors({ non_field_errors: ['You have already reposted this post.'] }));
      const event = await waitFor(() => events['post.reposted']?.find((e) => e.repostId === res.body.id));
      expect(event).toEqual({ repostId: res.body.id, postId: originalId, userId: reader.userId, authorId: author.userId });
    });

    it("refuses the reposter's edits of the repost's text, image and flags (they are the original author's); likes still work", async () => {
      const repost = (
        await request(t.http)
          .get(api(`userpostcc/?user_id=${reader.userId}`))
          .expect(200)
      ).body.res.find((p: { repostingFrom: number }) => p.repostingFrom === originalId);
      const refused = { detail: "A repost shows someone else's post: it cannot be edited.", code: 'repostNotEditable' };
      await request(t.http)
        .put(api(`monopost/${repost.id}/`))
        .set(auth(reader.token))
        .send({ text: "words put in the author's mouth" })
        .expect(403, refused);
      await request(t.http)
        .put(api(`monopost/${repost.id}/`))
        .set(auth(reader.token))
        .field('text', 'x')
        .attach('img', await jpeg(), 'crop.jpg')
        .expect(403, refused);
      await request(t.http)
        .put(api(`monopost/${repost.id}/`))
        .set(auth(reader.token))
        .send({ purepost_flag: true })
        .expect(403, refused);
      await request(t.http)
        .put(api(`monopost/${repost.id}/`))
        .set(auth(third.token))
        .send({ text: 'x' })
        .expect(403);
      const after = (
        await request(t.http)
          .get(api(`monopost/${repost.id}/`))
          .expect(200)
      ).body;
      expect(after).toMatchObject({ text: 'worth sharing', img: null, purepost_flag: false });
      const liked = await request(t.http)
        .put(api(`monopost/${repost.id}/`))
        .set(auth(third.token))
        .send({ liked: [third.userId] })
        .expect(200);
      expect(liked.body.likedTimes).toBe(1);
    });

    it("refuses deleting someone else's repost; the reposter takes theirs back", async () => {
      const repost = (
        await request(t.http)
          .get(api(`userpostcc/?user_id=${reader.userId}`))
          .expect(200)
      ).body.res.find((p: { repostingFrom: number }) => p.repostingFrom === originalId);
      await request(t.http)
        .delete(api(`delete-repost/${repost.id}/delete_repost/`))
        .set(auth(third.token))
        .expect(403);
      await request(t.http)
        .delete(api(`monopost/${repost.id}/`))
        .set(auth(third.token))
        .expect(403);
      await request(t.http)
        .delete(api(`delete-repost/${originalId}/delete_repost/`))
        .set(auth(third.token))
        .expect(404);
      await request(t.http)
        .delete(api(`delete-repost/${originalId}/delete_repost/`))
        .expect(401);
      await request(t.http)
        .delete(api(`delete-repost/${originalId}/delete_repost/`))
        .set(auth(reader.token))
        .expect(204);
      expect(await post(originalId, reader)).toMatchObject({ repostedTimes: 0, is_reposted: false });
      await request(t.http)
        .delete(api(`delete-repost/${originalId}/delete_repost/`))
        .set(auth(reader.token))
        .expect(404);
      await request(t.http)
        .get(api(`monopost/${repost.id}/`))
        .expect(404);
    });
  });

  describe('comments', () => {
    let postId: number;
    beforeAll(async () => {
      postId = await createPost(t.app, { userId: author.userId, text: 'comment on me' });
    });

    it('comments, lists with profiles, counts, and only the author deletes', async () => {
      const res = await request(t.http).post(api('monocomment/')).set(auth(reader.token)).send({ text: 'いいですね', post: postId }).expect(201);
      expect(res.body).toMatchObject({ text: 'いいですね', post: postId, userComment: reader.userId, userProfile: reader.userId });
      expect(res.body.profile).toMatchObject({ userId: reader.userId, nickName: 'Reader' });
      expect(await post(postId, reader)).toMatchObject({ commentedCounts: 1, is_commented: true });
      const list = await request(t.http)
        .get(api(`monocomment-nonlogin/post-comments/?post_id=${postId}`))
        .expect(200);
      expect(list.body.totalCount).toBe(1);
      expect(list.body.comments_with_profiles).toEqual([res.body]);
      const event = await waitFor(() => events['post.commented']?.find((e) => e.commentId === res.body.id));
      expect(event).toEqual({ commentId: res.body.id, postId, userId: reader.userId, authorId: author.userId });

      const refused = await request(t.http)
        .delete(api(`monocomment/${res.body.id}/`))
        .set(auth(author.token))
        .expect(403);
      expect(refused.body).toEqual({ detail: 'Only the author can change or delete this.', code: 'authorOnly' });
      await request(t.http)
        .delete(api(`monocomment/${res.body.id}/`))
        .expect(401);
      await request(t.http)
        .delete(api(`monocomment/${res.body.id}/`))
        .set(auth(reader.token))
        .expect(204);
      await request(t.http)
        .delete(api(`monocomment/${res.body.id}/`))
        .set(auth(reader.token))
        .expect(404);
      expect(await post(postId, reader)).toMatchObject({ commentedCounts: 0, is_commented: false });
      expect(
        (
          await request(t.http)
            .get(api(`monocomment-nonlogin/post-comments/?post_id=${postId}`))
            .expect(200)
        ).body,
      ).toEqual({ comments_with_profiles: [], totalCount: 0 });
    });

    it('refuses blank comments, unknown posts, visitors', async () => {
      expect((await request(t.http).post(api('monocomment/')).set(auth(reader.token)).send({ text: '  ', post: postId }).expect(400)).body).toEqual(
        validationErrors({ text: ['This field may not be blank.'] }),
      );
      expect((await request(t.http).post(api('monocomment/')).set(auth(reader.token)).send({ text: 'x', post: 999999 }).expect(400)).body).toEqual(
        validationErrors({ post: ['Invalid pk "999999" - object does not exist.'] }),
      );
      await request(t.http).post(api('monocomment/')).send({ text: 'x', post: postId }).expect(401);
      await request(t.http).get(api('monocomment-nonlogin/post-comments/?post_id=999999')).expect(404);
      await request(t.http).get(api('monocomment-nonlogin/post-comments/?post_id=abc')).expect(400);
    });
  });

  describe('DELETE monopost/{id}/', () => {
    it('lets only the author delete, with comments and likes', async () => {
      const postId = await createPost(t.app, { userId: author.userId, text: 'to delete' });
      await request(t.http).post(api('monocomment/')).set(auth(reader.token)).send({ text: 'c', post: postId }).expect(201);
      const refused = await request(t.http)
        .delete(api(`monopost/${postId}/`))
        .set(auth(reader.token))
        .expect(403);
      expect(refused.body).toEqual({ detail: 'Only the author can change or delete this.', code: 'authorOnly' });
      await request(t.http)
        .delete(api(`monopost/${postId}/`))
        .expect(401);
      await request(t.http)
        .delete(api(`monopost/${postId}/`))
        .set(auth(author.token))
        .expect(204);
      await request(t.http)
        .get(api(`monopost/${postId}/`))
        .expect(404);
      await request(t.http)
        .delete(api(`monopost/${postId}/`))
        .set(auth(author.token))
        .expect(404);
    });
  });

  describe('post-interactions and circle posts', () => {
    it('answers all false for a visitor', async () => {
      const postId = await createPost(t.app, { userId: author.userId });
      expect(
        (
          await request(t.http)
            .get(api(`post-interactions/${postId}/`))
            .expect(200)
        ).body,
      ).toEqual({ is_liked: false, is_reposted: false, is_commented: false });
      await request(t.http).get(api('post-interactions/999999/')).expect(404);
    });

    it('keeps a circle post out of every list and every act', async () => {
      const circlePost = await createPost(t.app, { userId: author.userId, text: 'members only', communities: [7], reviewTo: bookId, rating: 100 });
      const lists = ['monopost/', 'postcc/', `userpostcc/?user_id=${author.userId}`, `monopostcc/?pageId=${bookId}`, 'combinedlist/'];
      for (const path of lists) {
        const body = (await request(t.http).get(api(path)).set(auth(author.token)).expect(200)).body;
        const items = Array.isArray(body) ? body.map((i: { post?: { id: number }; id: number }) => i.post ?? i) : body.res;
        expect({ path, found: items.some((p: { id: number }) => p.id === circlePost) }).toEqual({ path, found: false });
      }
      expect(await book()).toMatchObject({ rating: 80, post_count: 2 }); // not counted on the Book
      await request(t.http)
        .get(api(`monopost/${circlePost}/`))
        .expect(404);
      await request(t.http)
        .get(api(`post-interactions/${circlePost}/`))
        .set(auth(reader.token))
        .expect(404);
      await request(t.http)
        .put(api(`monopost/${circlePost}/`))
        .set(auth(reader.token))
        .send({ liked: [reader.userId] })
        .expect(404);
      await request(t.http).post(api('monocomment/')).set(auth(reader.token)).send({ text: 'x', post: circlePost }).expect(400);
      await request(t.http).post(api('monopost/')).set(auth(reader.token)).send({ reposting: true, repostingFrom: circlePost }).expect(400);
    });
  });
});
