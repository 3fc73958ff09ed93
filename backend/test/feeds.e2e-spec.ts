import request from 'supertest';
import { accountRoleCommand } from '../src/account-role-command';
import { loadConfig } from '../src/config/config';
import { Db } from '../src/database/db';
import { FeedsService, HOME_SCAN_PER_SOURCE } from '../src/modules/posts/feeds.service';
import { eventsHandled } from './helpers/events';
import { createBook, createFollow, createPost, createUser, type UserFixture } from './helpers/factories';
import { auth, startTestApp, type TestApp } from './helpers/test-app';

interface Item {
  id: number;
  userPost: number;
  rating: number | null;
}
interface PostList {
  res: Item[];
  totalCount: number;
  aggregate: { rating__sum: number | null };
}

/** The post lists: who is in each, count paging, the whole list's count and rating sum. */
describe('post lists', () => {
  let t: TestApp;
  let me: UserFixture;
  let friend: UserFixture;
  let pending: UserFixture;
  let stranger: UserFixture;
  let followedBook: number;
  let otherBook: number;
  const ids: Record<string, number> = {};
  const api = (path: string) => `/api/user/${path}`;

  beforeAll(async () => {
    t = await startTestApp();
    me = await createUser(t.app, { nickName: 'Me' });
    friend = await createUser(t.app, { nickName: 'Friend' });
    pending = await createUser(t.app, { nickName: 'Pending' });
    stranger = await createUser(t.app, { nickName: 'Stranger' });
    followedBook = await createBook(t.app, { title: 'Followed Book', contributors: [stranger.userId] });
    otherBook = await createBook(t.app, { title: 'Other Book', contributors: [stranger.userId] });
    await createFollow(t.app, me.userId, friend.userId);
    await createFollow(t.app, me.userId, pending.userId, false); // asked, not approved: not followed
    await request(t.http).post(api('followingpage/')).set(auth(me.token)).send({ pageId: followedBook }).expect(201);
    ids.mine = await createPost(t.app, { userId: me.userId, text: 'mine' });
    ids.friend = await createPost(t.app, { userId: friend.userId, text: 'friend', reviewTo: otherBook, rating: 40 });
    ids.pending = await createPost(t.app, { userId: pending.userId, text: 'pending' });
    ids.strangerOnFollowedBook = await createPost(t.app, { userId: stranger.userId, text: 'review', reviewTo: followedBook, rating: 80 });
    ids.stranger = await createPost(t.app, { userId: stranger.userId, text: 'stranger' });
    ids.circle = await createPost(t.app, { userId: friend.userId, text: 'circle', communities: [3] });
  });
  afterAll(() => t.close());

  const list = async (path: string, who?: UserFixture): Promise<PostList> => {
    const req = request(t.http).get(api(path));
    if (who) req.set(auth(who.token));
    return (await req.expect(200)).body;
  };

  it('postcc/: own posts, approved follows and followed Books, newest first', async () => {
    const home = await list('postcc/?count=0', me);
    expect(home.res.map((p) => p.id)).toEqual([ids.strangerOnFollowedBook, ids.friend, ids.mine]);
    expect(home.totalCount).toBe(3);
    expect(home.aggregate).toEqual({ rating__sum: 120 });
    expect(await list('postcc/?count=1', me)).toEqual({ res: [], totalCount: 3, aggregate: { rating__sum: 120 } });
    const visitor = await list('postcc/');
    expect(visitor.res.map((p) => p.id)).toEqual([ids.stranger, ids.strangerOnFollowedBook, ids.pending, ids.friend, ids.mine]);
    await request(t.http).get(api('postcc/?count=-1')).set(auth(me.token)).expect(400);
  });

  it('pages by 10 with count', async () => {
    const author = await createUser(t.app, { nickName: 'Prolific' });
    const made: number[] = [];
    for (let i = 0; i < 12; i++) made.push(await createPost(t.app, { userId: author.userId, text: `p${i}` }));
    const first = await list(`userpostcc/?user_id=${author.userId}&count=0`);
    const second = await list(`userpostcc/?user_id=${author.userId}&count=1`);
    expect(first.res.map((p) => p.id)).toEqual(made.slice(2).reverse());
    expect(second.res.map((p) => p.id)).toEqual(made.slice(0, 2).reverse());
    expect([first.totalCount, second.totalCount]).toEqual([12, 12]);
    expect(first.aggregate.rating__sum).toBeNull();
    expect((await list(`userpostcc/?user_id=${author.userId}&count=2`)).res).toEqual([]);
  });

  it("userpostcc/: a user's posts; monopostcc/: a Book's posts with its rating sum", async () => {
    expect((await list(`userpostcc/?user_id=${friend.userId}`)).res.map((p) => p.id)).toEqual([ids.friend]);
    const book = await list(`monopostcc/?pageId=${followedBook}`);
    expect(book).toMatchObject({ totalCount: 1, aggregate: { rating__sum: 80 } });
    expect(book.res.map((p) => p.id)).toEqual([ids.strangerOnFollowedBook]);
    expect((await list('monopostcc/?pageId=999999')).res).toEqual([]);
    await request(t.http).get(api('monopostcc/')).expect(400);
    await request(t.http).get(api('userpostcc/?user_id=abc')).expect(400);
  });

  it('keeps the stored totals true through reposts, rating edits and deletes', async () => {
    const author = await createUser(t.app, { nickName: 'Counted' });
    const reposter = await createUser(t.app, { nickName: 'Reposter' });
    const review = await request(t.http).post(api('monopost/')).set(auth(author.token)).send({ text: 'r', rating: 60, reviewTo: otherBook }).expect(201);
    await request(t.http).post(api('monopost/')).set(auth(reposter.token)).send({ reposting: true, repostingFrom: review.body.id }).expect(201);
    const totals = async (u: UserFixture) => {
      const body = await list(`userpostcc/?user_id=${u.userId}`);
      return [body.totalCount, body.aggregate.rating__sum, body.res.length];
    };
    expect(await totals(author)).toEqual([1, 60, 1]);
    expect(await totals(reposter)).toEqual([1, 60, 1]);
    await request(t.http)
      .put(api(`monopost/${review.body.id}/`))
      .set(auth(author.token))
      .send({ rating: 75 })
      .expect(200);
    expect(await totals(author)).toEqual([1, 75, 1]);
    await request(t.http)
      .delete(api(`monopost/${review.body.id}/`))
      .set(auth(author.token))
      .expect(204);
    expect(await totals(author)).toEqual([0, null, 0]);
    expect(await totals(reposter)).toEqual([0, null, 0]);
  });

  it('likedpostscc/likedposts/: the posts the caller liked, latest like first', async () => {
    await request(t.http)
      .put(api(`monopost/${ids.stranger}/`))
      .set(auth(me.token))
      .send({ liked: [me.userId] })
      .expect(200);
    await request(t.http)
      .put(api(`monopost/${ids.friend}/`))
      .set(auth(me.token))
      .send({ liked: [me.userId] })
      .expect(200);
    const liked = await list('likedpostscc/likedposts/?count=0', me);
    expect(liked.res.map((p) => p.id)).toEqual([ids.friend, ids.stranger]);
    expect(liked.res.every((p) => (p as Item & { is_liked: boolean }).is_liked)).toBe(true);
    expect(liked).toMatchObject({ totalCount: 2, aggregate: { rating__sum: 40 } });
    expect((await list('likedpostscc/likedposts/', friend)).res).toEqual([]);
    await request(t.http).get(api('likedpostscc/likedposts/')).expect(401);
  });

  it('GET monopost/: the newest posts', async () => {
    const res = await request(t.http).get(api('monopost/')).expect(200);
    expect(res.body).toHaveLength(10);
    expect(res.body.some((p: Item) => p.id === ids.circle)).toBe(false);
  });

  it('combinedlist/ mixes new posts and Books; loggedincombinedlist/ leaves out what the caller has', async () => {
    const visitor = (await request(t.http).get(api('combinedlist/?count=0')).expect(200)).body as Array<{ type: string; post?: Item; page?: { id: number } }>;
    expect(
      visitor
        .filter((i) => i.type === 'page')
        .map((i) => i.page!.id)
        .sort(),
    ).toEqual([followedBook, otherBook].sort());
    expect(visitor.filter((i) => i.type === 'post')).toHaveLength(7);
    const mine = (await request(t.http).get(api('loggedincombinedlist/?count=0')).set(auth(me.token)).expect(200)).body as typeof visitor;
    expect(mine.filter((i) => i.type === 'page').map((i) => i.page!.id)).toEqual([otherBook]);
    const authors = new Set(mine.flatMap((i) => (i.post ? [i.post.userPost] : [])));
    expect(authors.has(me.userId) || authors.has(friend.userId)).toBe(false);
    expect(mine.filter((i) => i.type === 'post')).toHaveLength(7);
    const later = (await request(t.http).get(api('loggedincombinedlist/?count=2')).set(auth(me.token)).expect(200)).body as typeof visitor;
    expect(later.flatMap((i) => (i.post ? [i.post.id] : []))).toEqual([ids.pending]); // 15 posts by others than me and friend: the third page holds the oldest
    await request(t.http).get(api('loggedincombinedlist/')).expect(401);
  });
});

/**
 * The home feed merges three sources (own posts, followed users, followed Books). A post in more
 * than one of them (an own or a followed user's review of a followed Book) is one post of the
 * feed: once in `res`, once in totalCount and in rating__sum.
 */
describe('home feed with overlapping sources', () => {
  let t: TestApp;
  const api = (path: string) => `/api/user/${path}`;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const list = async (path: string, who?: UserFixture): Promise<PostList> => {
    const req = request(t.http).get(api(path));
    if (who) req.set(auth(who.token));
    return (await req.expect(200)).body;
  };

  it('postcc/: a post that several sources hold counts once in totalCount and rating__sum, and shows once', async () => {
    const viewer = await createUser(t.app, { nickName: 'Overlap' });
    const followed = await createUser(t.app, { nickName: 'Followed' });
    const other = await createUser(t.app, { nickName: 'Other' });
    const book = await createBook(t.app, { title: 'Overlap Book', contributors: [other.userId] });
    await createFollow(t.app, viewer.userId, followed.userId);
    await request(t.http).post(api('followingpage/')).set(auth(viewer.token)).send({ pageId: book }).expect(201);
    const own = [
      await createPost(t.app, { userId: viewer.userId, text: 'own review of a followed Book', reviewTo: book, rating: 50 }), // self + Book
      await createPost(t.app, { userId: viewer.userId, text: 'own plain post' }),
    ];
    const fromFollowed = [
      await createPost(t.app, { userId: followed.userId, text: 'followed review of a followed Book', reviewTo: book, rating: 30 }), // user + Book
      await createPost(t.app, { userId: followed.userId, text: 'followed review without rating', reviewTo: book }), // user + Book
      await createPost(t.app, { userId: followed.userId, text: 'followed plain post' }),
    ];
    const fromOther = await createPost(t.app, { userId: other.userId, text: 'other review', reviewTo: book, rating: 80 }); // Book only
    // A repost of a review carries its Book but is on the reposter's list only (Book lists leave reposts out).
    const repost = await request(t.http).post(api('monopost/')).set(auth(followed.token)).send({ reposting: true, repostingFrom: fromOther }).expect(201);
    const expected = [repost.body.id, fromOther, ...fromFollowed.slice().reverse(), ...own.slice().reverse()];

    const first = await list('postcc/?count=0', viewer);
    expect(first.res.map((p) => p.id)).toEqual(expected);
    expect(first.totalCount).toBe(expected.length);
    // 50 (own) + 30 (followed) + 80 (other) + 80 (the repost carries the rating it reposts).
    expect(first.aggregate).toEqual({ rating__sum: 240 });
    expect(await list('postcc/?count=1', viewer)).toEqual({ res: [], totalCount: expected.length, aggregate: { rating__sum: 240 } });

    // Each source's totals stay true on their own lists.
    expect(await list(`monopostcc/?pageId=${book}`)).toMatchObject({ totalCount: 4, aggregate: { rating__sum: 160 } });
    expect(await list(`userpostcc/?user_id=${followed.userId}`)).toMatchObject({ totalCount: 4, aggregate: { rating__sum: 110 } });

    // A rating edit and a delete move the home totals once, not once per source.
    await request(t.http)
      .put(api(`monopost/${fromFollowed[0]}/`))
      .set(auth(followed.token))
      .send({ rating: 45 })
      .expect(200);
    expect(await list('postcc/?count=0', viewer)).toMatchObject({ totalCount: expected.length, aggregate: { rating__sum: 255 } });
    await request(t.http)
      .delete(api(`monopost/${own[0]}/`))
      .set(auth(viewer.token))
      .expect(204);
    const after = await list('postcc/?count=0', viewer);
    expect(after.res.map((p) => p.id)).toEqual(expected.filter((id) => id !== own[0]));
    expect(after).toMatchObject({ totalCount: expected.length - 1, aggregate: { rating__sum: 205 } });
  });

  it('postcc/: pages of a feed whose sources overlap hold each post once, all of them across the pages', async () => {
    const viewer = await createUser(t.app, { nickName: 'Pager' });
    const followed = await createUser(t.app, { nickName: 'Reviewer' });
    const book = await createBook(t.app, { title: 'Paged Book', contributors: [followed.userId] });
    await createFollow(t.app, viewer.userId, followed.userId);
    await request(t.http).post(api('followingpage/')).set(auth(viewer.token)).send({ pageId: book }).expect(201);
    const made: number[] = [];
    for (let i = 0; i < 12; i++) {
      made.push(await createPost(t.app, { userId: i % 3 === 0 ? viewer.userId : followed.userId, text: `r${i}`, reviewTo: book, rating: 5 * (i + 1) }));
    }
    const pages = [await list('postcc/?count=0', viewer), await list('postcc/?count=1', viewer), await list('postcc/?count=2', viewer)];
    expect(pages.map((p) => p.res.length)).toEqual([10, 2, 0]);
    expect(pages.flatMap((p) => p.res.map((post) => post.id))).toEqual(made.slice().reverse());
    expect(pages.map((p) => p.totalCount)).toEqual([12, 12, 12]);
    expect(pages[0].aggregate.rating__sum).toBe((5 * 12 * 13) / 2);
  });
});

/**
 * The home feed of someone who follows an account with a long history (issue 43: each followed
 * user's and Book's newest posts, bounded by the page), with blocks and mutes in every source: a
 * muted followed user (their posts and their reviews of a followed Book), a blocked author and an
 * author who blocked the viewer reviewing the followed Book, a repost of a blocked author's post
 * by a followed user. Every page, on the first pages (window written in) and past them.
 */
describe('home feed of a long history with blocks and mutes', () => {
  let t: TestApp;
  const api = (path: string) => `/api/user/${path}`;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('postcc/: every page holds the posts the viewer sees, newest first, each once; nothing of a hidden author', async () => {
    const viewer = await createUser(t.app, { nickName: 'Reader' });
    const prolific = await createUser(t.app, { nickName: 'Prolific' });
    const muted = await createUser(t.app, { nickName: 'Muted one' });
    const blocked = await createUser(t.app, { nickName: 'Blocked one' });
    const blocker = await createUser(t.app, { nickName: 'Blocker one' });
    const reviewer = await createUser(t.app, { nickName: 'Reviewer one' });
    const book = await createBook(t.app, { title: 'Much reviewed', contributors: [reviewer.userId] });
    await createFollow(t.app, viewer.userId, prolific.userId);
    await createFollow(t.app, viewer.userId, muted.userId);
    await request(t.http).post(api('followingpage/')).set(auth(viewer.token)).send({ pageId: book }).expect(201);
    const all: number[] = [];
    const seen: number[] = [];
    const authors = [prolific, muted, blocked, blocker, reviewer];
    for (let i = 0; i < 100; i++) {
      const author = authors[i % 5];
      const review = author !== prolific;
      const id = await createPost(t.app, { userId: author.userId, text: `h${i}`, ...(review ? { reviewTo: book, rating: 5 + (i % 20) * 5 } : {}) });
      all.push(id);
      if (author === prolific || author === reviewer) seen.push(id);
      if (i % 20 === 19) {
        // The followed user reposts the blocked author's latest review (hidden from the viewer) and the reviewer's (seen).
        for (const [from, shown] of [
          [all[all.length - 3], false],
          [id, true],
        ] as const) {
          const repost = (await request(t.http).post(api('monopost/')).set(auth(prolific.token)).send({ reposting: true, repostingFrom: from }).expect(201))
            .body.id as number;
          all.push(repost);
          if (shown) seen.push(repost);
        }
      }
    }
    const pages = async (n: number) => {
      const out: number[][] = [];
      for (let count = 0; count < n; count++)
        out.push(
          (
            await request(t.http)
              .get(api(`postcc/?count=${count}`))
              .set(auth(viewer.token))
              .expect(200)
          ).body.res.map((p: Item) => p.id),
        );
      return out;
    };
    // Before any block or mute: every post of every source, newest first (12 pages, 110 posts).
    const before = await pages(12);
    expect(before.map((p) => p.length)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 0]);
    expect(before.flat()).toEqual([...all].sort((a, b) => b - a));

    await request(t.http).post(api('mutes/')).set(auth(viewer.token)).send({ user_id: muted.userId }).expect(201);
    await request(t.http).post(api('blocks/')).set(auth(viewer.token)).send({ user_id: blocked.userId }).expect(201);
    await request(t.http).post(api('blocks/')).set(auth(blocker.token)).send({ user_id: viewer.userId }).expect(201);
    const after = await pages(6);
    expect(after.map((p) => p.length)).toEqual([10, 10, 10, 10, 5, 0]);
    expect(after.flat()).toEqual([...seen].sort((a, b) => b - a));
  });
});

/** Past the first pages (pageSql writes their LIMIT and OFFSET into the statement) the window is a parameter: the list goes on the same. */
describe('a long post list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('pages on past the first pages (their window written into the statement) to the last, each post once', async () => {
    const author = await createUser(t.app, { nickName: 'Long list' });
    const made: number[] = [];
    for (let i = 0; i < 63; i++) made.push(await createPost(t.app, { userId: author.userId, text: `long ${i}` }));
    const pages: number[][] = [];
    for (let count = 0; count <= 7; count++)
      pages.push(
        ((await request(t.http).get(`/api/user/userpostcc/?user_id=${author.userId}&count=${count}`).expect(200)).body as PostList).res.map((p) => p.id),
      );
    expect(pages.map((page) => page.length)).toEqual([10, 10, 10, 10, 10, 10, 3, 0]);
    expect(pages.flat()).toEqual([...made].reverse());
  });
});

/**
 * The home feed of a reader who follows many people (issue 43): its page comes from a scan of
 * everyone's newest posts when that scan holds the page, else from the per-source merge
 * (FeedsService.homePageSql). Both ways answer the same pages and totals — the scan forced
 * (`homeScanPerSource` large), the merge forced (0) and the default — before and right after a
 * block, a mute, a block by the other side, a moderator's hide and an unfollow, each of which
 * shows on the next request.
 */
describe('home feed of a reader who follows many people', () => {
  let t: TestApp;
  const api = (path: string) => `/api/user/${path}`;
  const settle = () => eventsHandled(t.app, 'event.');

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('postcc/: the scan and the merge answer the same pages and totals; blocks, mutes, hides and unfollows take effect at once', async () => {
    const feeds = t.app.get(FeedsService);
    const viewer = await createUser(t.app, { nickName: 'Many follows' });
    const moderator = await createUser(t.app, { email: 'mod-home@example.com', nickName: 'Mod' });
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.database.url, DATA_DIR: t.dataDir });
    const direct = t.database.embedded ? t.app.get(Db) : undefined;
    expect(await accountRoleCommand(['mod-home@example.com', 'moderator'], config, () => undefined, direct)).toBe(0);
    const followed: UserFixture[] = [];
    for (let i = 0; i < 30; i++) followed.push(await createUser(t.app, { nickName: `Followed ${i}` }));
    const strangers = [await createUser(t.app, { nickName: 'Stranger A' }), await createUser(t.app, { nickName: 'Stranger B' })];
    const books = [
      await createBook(t.app, { title: 'Many Book 1', contributors: [strangers[0].userId] }),
      await createBook(t.app, { title: 'Many Book 2', contributors: [strangers[1].userId] }),
    ];
    const otherBook = await createBook(t.app, { title: 'Unfollowed Book', contributors: [strangers[0].userId] });
    for (const f of followed) await createFollow(t.app, viewer.userId, f.userId);
    for (const book of books) await request(t.http).post(api('followingpage/')).set(auth(viewer.token)).send({ pageId: book }).expect(201);

    // Who wrote what: [id, author, the Book it reviews, the reposted post's author].
    const posts: Array<{ id: number; author: number; book: number | null; of: number | null }> = [];
    const post = async (author: UserFixture, i: number, book: number | null = null) => {
      const id = await createPost(t.app, { userId: author.userId, text: `many ${i}`, ...(book ? { reviewTo: book, rating: 5 * (1 + (i % 20)) } : {}) });
      posts.push({ id, author: author.userId, book, of: null });
      return id;
    };
    for (let i = 0; i < 90; i++) {
      const f = followed[i % 30];
      if (i % 9 === 4)
        await post(strangers[i % 2], i, books[i % 2]); // a stranger's review of a followed Book: in the feed
      else if (i % 9 === 7)
        await post(strangers[i % 2], i, i % 2 ? otherBook : null); // a stranger's post: not in it
      else if (i % 15 === 0)
        await post(viewer, i, i % 2 ? books[0] : null); // the viewer's own
      else await post(f, i, i % 4 === 0 ? books[1] : i % 4 === 1 ? otherBook : null); // a followed user's (some of a followed Book: in two sources)
      if (i % 30 === 29) {
        // A followed user reposts a stranger's post (in the feed, as the followed user's).
        const from = posts.filter((p) => p.author === strangers[0].userId && !p.of).at(-1)!;
        const id = (await request(t.http).post(api('monopost/')).set(auth(f.token)).send({ reposting: true, repostingFrom: from.id }).expect(201)).body
          .id as number;
        posts.push({ id, author: f.userId, book: null, of: strangers[0].userId });
      }
    }

    const following = new Set([viewer, ...followed].map((u) => u.userId));
    const followedBooks = new Set(books);
    const hiddenAuthors = new Set<number>();
    const hiddenPosts = new Set<number>();
    const expected = () =>
      posts
        .filter((p) => !hiddenPosts.has(p.id) && !(p.of !== null && hiddenAuthors.has(p.of)))
        .filter(
          (p) =>
            p.author === viewer.userId ||
            (!hiddenAuthors.has(p.author) && (following.has(p.author) || (p.of === null && p.book !== null && followedBooks.has(p.book)))),
        )
        .map((p) => p.id)
        .sort((a, b) => b - a);
    /** Every page of the feed with its totals, read with the scan's `perSource` (undefined: the default). */
    const feed = async (perSource = HOME_SCAN_PER_SOURCE) => {
      feeds.homeScanPerSource = perSource;
      try {
        const pages: PostList[] = [];
        for (let count = 0; count < 12; count++) {
          pages.push(
            (
              await request(t.http)
                .get(api(`postcc/?count=${count}`))
                .set(auth(viewer.token))
                .expect(200)
            ).body,
          );
          if (pages.at(-1)!.res.length < 10) break;
        }
        return {
          ids: pages.flatMap((p) => p.res.map((x) => x.id)),
          totals: pages.map((p): [number, number | null] => [p.totalCount, p.aggregate.rating__sum]),
        };
      } finally {
        feeds.homeScanPerSource = HOME_SCAN_PER_SOURCE;
      }
    };
    const check = async (step: string) => {
      const [merge, scan, byDefault] = [await feed(0), await feed(1_000_000), await feed()];
      expect({ step, ids: merge.ids }).toEqual({ step, ids: expected() });
      expect({ step, ...scan }).toEqual({ step, ...merge });
      expect({ step, ...byDefault }).toEqual({ step, ...merge });
      return merge;
    };

    const first = await check('before');
    expect(first.ids.length).toBeGreaterThan(60);
    // The totals count each post once (a followed user's review of a followed Book is in two sources).
    expect(first.totals[0][0]).toBe(first.ids.length);

    // A block, a block by the other side, a mute: the next request leaves their posts and the reposts of them out.
    await request(t.http).post(api('blocks/')).set(auth(viewer.token)).send({ user_id: followed[1].userId }).expect(201);
    hiddenAuthors.add(followed[1].userId);
    await check('blocked a followed user');
    await request(t.http).post(api('blocks/')).set(auth(strangers[0].token)).send({ user_id: viewer.userId }).expect(201);
    hiddenAuthors.add(strangers[0].userId);
    await check('blocked by a reviewer of a followed Book (and reposted author)');
    await request(t.http).post(api('mutes/')).set(auth(viewer.token)).send({ user_id: followed[2].userId }).expect(201);
    hiddenAuthors.add(followed[2].userId);
    await check('muted a followed user');

    // A moderator hides a followed user's post.
    const hidden = posts.find((p) => p.author === followed[3].userId)!.id;
    const { id: report } = (
      await request(t.http).post(api('reports/')).set(auth(viewer.token)).send({ target_type: 'post', target_id: hidden, reason: 'spam' }).expect(201)
    ).body;
    await request(t.http)
      .post(api(`moderation/reports/${report}/resolve/`))
      .set(auth(moderator.token))
      .send({ action: 'hide', note: 'spam' })
      .expect(200);
    await settle();
    hiddenPosts.add(hidden);
    const afterHide = await check('a post hidden by a moderator');
    expect(afterHide.ids).not.toContain(hidden);

    // An unfollow: that user's posts leave (their reviews of a followed Book stay).
    await request(t.http).post(api('approval/delete_request/')).set(auth(viewer.token)).send({ askFrom: viewer.userId, askTo: followed[4].userId }).expect(204);
    following.delete(followed[4].userId);
    const last = await check('unfollowed a followed user');
    expect(last.totals[0][0]).toBeLessThan(first.totals[0][0]);
  });
});
