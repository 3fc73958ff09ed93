import * as fs from 'node:fs';
import sharp from 'sharp';
import request from 'supertest';
import { parse } from 'yaml';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { eventsHandled } from './helpers/events';
import { createBook, createFollow, createPost, createUser } from './helpers/factories';
import { OPENAPI_PATH } from './helpers/openapi-check';
import { countStatements, type StatementCounter } from './helpers/statements';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';

interface Operation {
  parameters?: Array<{ name: string; in: 'path' | 'query'; required?: boolean }>;
  responses?: Record<string, { content?: Record<string, { schema?: { type?: string; $ref?: string } }> }>;
}

/**
 * The lists of the API, read from openapi.yaml: every GET answering an array, a paged one (it
 * takes `count`), or a `…ListResponse` (the post-list shape `{res: [...], ...}`).
 */
function listPaths(): Map<string, Operation> {
  const document = parse(fs.readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, { get?: Operation }> };
  const lists = new Map<string, Operation>();
  for (const [template, item] of Object.entries(document.paths)) {
    const op = item.get;
    const schema = op?.responses?.['200']?.content?.['application/json']?.schema;
    if (!op || !schema) continue;
    const paged = (op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'count');
    if (schema.type === 'array' || paged || /ListResponse$/.test(schema.$ref ?? '')) lists.set(template, op);
  }
  return lists;
}

/** The values a fixture has made (known once the test has made them). */
interface Made {
  me: number;
  tagId: number;
  firstBook: number;
  firstPost: number;
  reviewedBook: number;
  circle: number;
}

/**
 * How to call each list, and what it holds: `books` lists hold 10 Books once 14 are made, `social`
 * ones 10 posts, people or requests once 22 people are made; `other` lists hold what they hold
 * (`mayBeEmpty`: possibly nothing). Values for the path and the required query parameters come
 * from here: a list without an entry makes the test fail, so a new list joins the budget consciously.
 * `statements`: the SQL statements the first page costs (the token check included), the same for
 * a page of 1 as for a page of 10: a change in either direction is seen here. The Book lists are
 * the token check and one statement (BookPacker.listJsonSql), the post feeds likewise.
 */
const FIXTURES: Record<
  string,
  { statements: number; kind: 'books' | 'other' | 'social'; params?: (m: Made) => Record<string, string | number>; full?: boolean; mayBeEmpty?: boolean }
> = {
  '/api/user/newpagecc/': { statements: 2, kind: 'books', full: true },
  '/api/user/pageccja/': { statements: 2, kind: 'books', full: true },
  '/api/user/pageccen/': { statements: 2, kind: 'books' },
  '/api/user/monopage/search-pages/': { statements: 2, kind: 'books', full: true, params: () => ({ query: '保険' }) },
  '/api/user/pageattribute/{id}/monopages/': { statements: 2, kind: 'books', full: true, params: (m) => ({ id: m.tagId }) },
  '/api/user/followingpage/': { statements: 2, kind: 'books', full: true },
  '/api/user/owningpagecc/': { statements: 2, kind: 'books', full: true },
  '/api/user/owning_and_related_pages/': { statements: 2, kind: 'books', full: true },
  '/api/user/monopage/search-owned-pages/': { statements: 2, kind: 'books', full: true, params: () => ({ query: '保険' }) },
  '/api/user/{id}/monopages-with-files/': { statements: 2, kind: 'books', full: true, params: (m) => ({ id: m.me }) },
  '/api/user/relatedmonopage/{id}/': { statements: 3, kind: 'books', params: (m) => ({ id: m.firstBook }) },
  '/api/user/profile/search': { statements: 2, kind: 'other', params: () => ({ q: 'budget' }) },
  '/api/user/profile/newprofiles/': { statements: 2, kind: 'other', mayBeEmpty: true },
  '/api/user/uploadedfiles/': { statements: 3, kind: 'other', mayBeEmpty: true, params: (m) => ({ user_id: m.me }) },
  '/api/user/attributecc/': { statements: 3, kind: 'other', params: () => ({ lan: 'ja' }) },
  '/api/user/pageattribute/search/': { statements: 2, kind: 'other', params: () => ({ q: '', lan: 'ja' }) },
  '/api/user/pageattribute/by-language/{lan}/': { statements: 2, kind: 'other', params: () => ({ lan: 'ja' }) },
  '/api/user/pageattribute/by-monopage/{id}/': { statements: 3, kind: 'other', params: (m) => ({ id: m.firstBook }) },
  // Ads: none run in this fixture (test/ads.e2e-spec.ts counts the serving statement for 1 and 3 ads).
  '/api/user/advertisements-random/': { statements: 2, kind: 'other', mayBeEmpty: true },
  '/api/user/advertisements-for-monopage/{id}/': { statements: 3, kind: 'other', mayBeEmpty: true, params: (m) => ({ id: m.firstBook }) },
  '/api/user/advertisements-mine/': { statements: 2, kind: 'other', mayBeEmpty: true },
  '/api/user/postcc/': { statements: 2, kind: 'social', full: true },
  '/api/user/userpostcc/': { statements: 2, kind: 'social', full: true, params: (m) => ({ user_id: m.me }) },
  '/api/user/likedpostscc/likedposts/': { statements: 2, kind: 'social', full: true },
  '/api/user/monopost/': { statements: 5, kind: 'social', full: true },
  '/api/user/monopostcc/': { statements: 2, kind: 'social', full: true, params: (m) => ({ pageId: m.reviewedBook }) },
  '/api/user/monocomment-nonlogin/post-comments/': { statements: 5, kind: 'social', full: true, params: (m) => ({ post_id: m.firstPost }) },
  '/api/user/combinedlist/': { statements: 5, kind: 'social', full: true },
  '/api/user/loggedincombinedlist/': { statements: 6, kind: 'social', full: true },
  '/api/user/followeduser/{id}/': { statements: 3, kind: 'social', full: true, params: (m) => ({ id: m.me }) },
  '/api/user/followinguser/{id}/': { statements: 3, kind: 'social', full: true, params: (m) => ({ id: m.me }) },
  '/api/user/approval/Followinguser/{id}/': { statements: 3, kind: 'social', full: true, params: (m) => ({ id: m.me }) },
  '/api/user/approval/Followeduser/{id}/': { statements: 3, kind: 'social', full: true, params: (m) => ({ id: m.me }) },
  '/api/user/combinedsearch/': { statements: 3, kind: 'social', full: true, params: () => ({ q: 'budget' }) },
  '/api/user/profilecc/': { statements: 2, kind: 'social', full: true },
  // Circles: the budget user owns one; its shelf holds the Books made, its members, thread and waiting list the people made.
  '/api/user/community/{id}/monopages-with-files/': { statements: 3, kind: 'books', full: true, params: (m) => ({ id: m.circle }) },
  '/api/user/user/{id}/communities/': { statements: 2, kind: 'other', params: (m) => ({ id: m.me }) },
  '/api/user/mycommunities/': { statements: 2, kind: 'other' },
  '/api/user/community/{id}/members/': { statements: 3, kind: 'social', full: true, params: (m) => ({ id: m.circle }) },
  '/api/user/community/{id}/joinrequests-pending/': { statements: 5, kind: 'social', full: true, params: (m) => ({ id: m.circle }) },
  '/api/user/communityposts/{id}/': { statements: 3, kind: 'social', full: true, params: (m) => ({ id: m.circle }) },
  // The people who follow me are told so (user_followed).
  // The token check and one statement (the related profiles, previews and titles embedded: NotificationsService.relatedColumns).
  '/api/user/notifications/all/': { statements: 2, kind: 'social', full: true },
  // Safety: the budget user blocks and mutes one person per round, is a moderator, and resolves
  // (dismisses) a report per round; the others report the strangers' posts (the open queue).
  '/api/user/blocks/': { statements: 3, kind: 'social', full: true },
  '/api/user/mutes/': { statements: 3, kind: 'social', full: true },
  '/api/user/moderation/reports/': { statements: 5, kind: 'social', full: true },
  '/api/user/moderation/audit/': { statements: 3, kind: 'social', full: true },
};

/** The URL of a list's first page, or the parameters no fixture fills. */
function urlOf(template: string, op: Operation, made: Made): { url: string; missing: string[] } {
  const values = FIXTURES[template]?.params?.(made) ?? {};
  const missing: string[] = [];
  let url = template;
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    const value = p.name === 'count' && p.in === 'query' ? 0 : values[p.name];
    if (value === undefined) {
      if (p.required || p.in === 'path') missing.push(`${p.in} ${p.name}`);
      continue;
    }
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else query.set(p.name, String(value));
  }
  const q = query.toString();
  return { url: q ? `${url}?${q}` : url, missing };
}

/**
 * Every list answers in a fixed number of SQL statements whatever the page holds: the same
 * count for a page of 1 Book as for a page of 10. Counted with the token cache off, so that each
 * request's own token check is counted (the cold path: a token this process has not seen yet);
 * with the cache on, a known token costs no statement (token-cache.e2e-spec.ts).
 */
describe('statements per list request', () => {
  let t: TestApp;
  let db: DataSource;
  let token: string;
  let tagId: number;
  let statements: StatementCounter;

  beforeAll(async () => {
    t = await startTestApp({ AUTH_TOKEN_CACHE: 'false' });
    db = t.app.get(getDataSourceToken());
    const user = await signUp(t, 'budget@example.com');
    token = user.token;
    await request(t.http).post('/api/user/profile/').set(auth(token)).field('nickName', 'Budget').expect(201);
    tagId = (await db.query(`SELECT id FROM attributes WHERE language = 'ja' AND attribute_name = '健康'`))[0].id;
    statements = countStatements();
  });
  afterAll(async () => {
    statements.stop();
    await t.close();
  });

  const lists = listPaths();
  const made: Made = { me: 0, tagId: 0, firstBook: 0, firstPost: 0, reviewedBook: 0, circle: 0 };
  const urls = (kinds: string[]) =>
    [...lists].filter(([template]) => kinds.includes(FIXTURES[template]?.kind)).map(([template, op]) => ({ template, url: urlOf(template, op, made).url }));

  it('knows how to call every list of openapi.yaml (a new list needs its fixture here)', () => {
    expect(lists.size).toBeGreaterThanOrEqual(30);
    const unknown = [...lists.keys()].filter((template) => !FIXTURES[template]);
    expect({ listsWithoutFixture: unknown }).toEqual({ listsWithoutFixture: [] });
    const stale = Object.keys(FIXTURES).filter((template) => !lists.has(template));
    expect({ fixturesOfNoList: stale }).toEqual({ fixturesOfNoList: [] });
    const unfilled = [...lists].flatMap(([template, op]) => urlOf(template, op, made).missing.map((m) => `${template}: ${m}`));
    expect({ unfilledParameters: unfilled }).toEqual({ unfilledParameters: [] });
  });

  async function addBooks(n: number, ownerId: number, language: 'ja' | 'en' = 'ja'): Promise<void> {
    for (let i = 0; i < n; i++) {
      const bookId = await createBook(t.app, { title: `健康データ ${i} 保険`, language, contributors: [ownerId], tagIds: [tagId] });
      await request(t.http).post('/api/user/followingpage/').set(auth(token)).send({ pageId: bookId }).expect(201);
      // Its file was posted to the budget circle: the Book is on the circle's shelf.
      await db.query(
        `INSERT INTO circle_files (circle_id, file_id, user_id, page_id) SELECT $1, file_id, user_id, page_id FROM book_files WHERE page_id = $2`,
        [made.circle, bookId],
      );
    }
    // Event subscribers (notifications) run in the background: done before statements are counted.
    await eventsHandled(t.app, 'event.');
  }

  async function count(path: string): Promise<{ statements: number; items: number }> {
    await request(t.http).get(path).set(auth(token)).expect(200); // warm-up (prepared plans, caches)
    statements.reset();
    const res = await request(t.http).get(path).set(auth(token)).expect(200);
    const body = res.body;
    // An array, or the one array of a list object (`res` of the post lists, `comments_with_profiles`).
    const items = Array.isArray(body) ? body : Object.values(body as Record<string, unknown>).find(Array.isArray);
    if (!items) throw new Error(`${path} answered no list`);
    return { statements: statements.count, items: items.length };
  }

  const print = (report: Record<string, [number, number]>) =>
    console.log(
      Object.entries(report)
        .map(([p, [a, b]]) => `${p.replace('/api/user/', '')}: ${a} / ${b}`)
        .join('\n'),
    );

  it('is the same for 1 and for 10 items', async () => {
    const me = (await db.query(`SELECT id FROM users WHERE email = 'budget@example.com'`))[0].id;
    made.me = me;
    made.tagId = tagId;
    const icon = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#888888' } })
      .jpeg()
      .toBuffer();
    made.circle = (
      await request(t.http)
        .post('/api/user/create-community/')
        .set(auth(token))
        .field('title', 'Statement circle')
        .field('description', 'd')
        .attach('image', icon, 'i.jpg')
        .expect(201)
    ).body.id;
    await addBooks(1, me);
    made.firstBook = (await request(t.http).get('/api/user/newpagecc/?count=0').expect(200)).body[0].id;
    await addBooks(1, me, 'en');
    const small: Record<string, number> = {};
    const report: Record<string, [number, number]> = {};
    for (const { template, url } of urls(['books', 'other'])) {
      const { statements: n, items } = await count(url);
      if (!FIXTURES[template].mayBeEmpty) expect({ url, some: items >= 1 }).toEqual({ url, some: true });
      expect({ url, statements: n }).toEqual({ url, statements: FIXTURES[template].statements });
      small[url] = n;
    }
    await addBooks(12, me);
    for (const { template, url } of urls(['books', 'other'])) {
      const { statements: n, items } = await count(url);
      if (FIXTURES[template].full) expect({ url, items }).toEqual({ url, items: 10 });
      report[url] = [small[url], n];
      expect({ url, statements: n }).toEqual({ url, statements: FIXTURES[template].statements });
    }
    print(report);
  });

  it('is the same for 1 and for 10 posts, people and follow requests in every social list', async () => {
    const me = made.me;
    await db.query(`INSERT INTO account_roles (user_id, role) VALUES ($1, 'moderator')`, [me]);
    const bookId = await createBook(t.app, { title: 'Reviewed', contributors: [me] });
    made.reviewedBook = bookId;
    const otherBook = await createBook(t.app, { title: 'Not followed', contributors: [me] });
    /** n people who follow me and whom I follow; each writes a review I like and comment on, and reposts one. */
    async function addPeople(n: number): Promise<void> {
      for (let i = 0; i < n; i++) {
        const other = await createUser(t.app, { nickName: `budget${i}` });
        await createFollow(t.app, me, other.userId);
        await createFollow(t.app, other.userId, me);
        const postId = await createPost(t.app, { userId: other.userId, text: `健康 ${i}`, reviewTo: i % 2 ? bookId : otherBook, rating: 50 });
        made.firstPost ||= postId;
        await createPost(t.app, { userId: me, text: `mine ${i}`, reviewTo: bookId, rating: 60 });
        const stranger = await createUser(t.app, { nickName: `stranger${i}` }); // for the discovery lists
        await createPost(t.app, {
          userId: stranger.userId,
          text: `new ${i}`,
          reviewTo: await createBook(t.app, { contributors: [stranger.userId] }),
          rating: 90,
        });
        await request(t.http)
          .put(`/api/user/monopost/${postId}/`)
          .set(auth(token))
          .send({ liked: [me] })
          .expect(200);
        await request(t.http).post('/api/user/monocomment/').set(auth(token)).send({ text: 'c', post: made.firstPost }).expect(201);
        await request(t.http).post('/api/user/monopost/').set(auth(other.token)).send({ reposting: true, repostingFrom: made.firstPost }).expect(201);
        // The other joins the budget circle and posts in it; the stranger asks to join.
        await request(t.http).post('/api/user/communityjoin/').set(auth(other.token)).send({ community: made.circle }).expect(201);
        await request(t.http).post(`/api/user/community/${made.circle}/join-request/approve/${other.userId}/`).set(auth(token)).expect(200);
        await createPost(t.app, { userId: other.userId, text: `circle ${i}`, communities: [made.circle] });
        await request(t.http).post('/api/user/communityjoin/').set(auth(stranger.token)).send({ community: made.circle }).expect(201);
        const blockee = await createUser(t.app, { nickName: `blockee${i}` });
        await request(t.http).post('/api/user/blocks/').set(auth(token)).send({ user_id: blockee.userId }).expect(201);
        await request(t.http).post('/api/user/mutes/').set(auth(token)).send({ user_id: blockee.userId }).expect(201);
        const strangersPost = (await db.query(`SELECT id FROM posts WHERE user_id = $1`, [stranger.userId]))[0].id;
        await request(t.http)
          .post('/api/user/reports/')
          .set(auth(other.token))
          .send({ target_type: 'post', target_id: strangersPost, reason: 'spam' })
          .expect(201);
        const theirs = (
          await request(t.http)
            .post('/api/user/reports/')
            .set(auth(other.token))
            .send({ target_type: 'user', target_id: blockee.userId, reason: 'other' })
            .expect(201)
        ).body.id;
        await request(t.http).post(`/api/user/moderation/reports/${theirs}/resolve/`).set(auth(token)).send({ action: 'dismiss', note: 'fine' }).expect(200);
      }
      await eventsHandled(t.app, 'event.');
    }
    await addPeople(2);
    const small: Record<string, number> = {};
    const report: Record<string, [number, number]> = {};
    for (const { template, url } of urls(['social'])) {
      const { statements: n, items } = await count(url);
      expect({ url, some: items >= 1 }).toEqual({ url, some: true });
      expect({ url, statements: n }).toEqual({ url, statements: FIXTURES[template].statements });
      small[url] = n;
    }
    await addPeople(20);
    for (const { template, url } of urls(['social'])) {
      const { statements: n, items } = await count(url);
      if (FIXTURES[template].full) expect({ url, items }).toEqual({ url, items: 10 });
      report[url] = [small[url], n];
      expect({ url, statements: n }).toEqual({ url, statements: FIXTURES[template].statements });
    }
    // The figures, for the record (npm test prints them).
    print(report);
  });

  // Not a list by openapi.yaml's shape (an object with a count and a list), priced as one.
  it('is the token check and one statement for the unread notifications, with 1 and with 20 unread', async () => {
    await db.query(`UPDATE notifications SET read = true WHERE recipient_id = $1 AND id <> (SELECT max(id) FROM notifications WHERE recipient_id = $1)`, [
      made.me,
    ]);
    const one = await count('/api/user/notifications/unread/');
    expect(one).toEqual({ statements: 2, items: 1 });
    await db.query(`UPDATE notifications SET read = false WHERE recipient_id = $1`, [made.me]);
    const many = await count('/api/user/notifications/unread/');
    expect(many.items).toBeGreaterThanOrEqual(20);
    expect(many.statements).toBe(2);
  });
});
