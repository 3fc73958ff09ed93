import * as fs from 'node:fs';
import { spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { eventsHandled } from './helpers/events';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Db } from '../src/database/db';
import { accountPlanCommand } from '../src/account-plan-command';
import { loadConfig } from '../src/config/config';
import { BooksService } from '../src/modules/books/books.service';
import { holderAlive, processStart } from '../src/database/data-dir-lock';
import { openDatabase } from '../src/database/embedded-postgres';
import { createBook, createPost, createUser, type UserFixture } from './helpers/factories';
import { countStatements } from './helpers/statements';
import { auth, startTestApp, type TestApp } from './helpers/test-app';

/**
 * /analytics (api-contract rule 9): refused to visitors (401) and to every plan but enterprise
 * (403); an operator sets the plan with `npm run account:plan`; an enterprise account sees the
 * Books it owns or contributed to, and no one else's, in a fixed number of statements.
 */
describe('analytics', () => {
  let t: TestApp;
  let owner: UserFixture;
  let other: UserFixture;
  let mine: number;
  let contributed: number;
  let theirs: number;
  const api = (path: string) => `/api/user/${path}`;
  const lines: string[] = [];
  /**
   * The command as the operator runs it: on PostgreSQL it opens its own connection (and runs the
   * migrations, a no-op here); the embedded database of the test server takes one connection,
   * so there it runs on the server's.
   */
  const command = (...args: string[]) =>
    accountPlanCommand(
      args,
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.database.url, DATA_DIR: t.dataDir }),
      (line) => lines.push(line),
      t.database.embedded ? t.app.get(Db) : undefined,
    );

  beforeAll(async () => {
    t = await startTestApp({ AUTH_TOKEN_CACHE: 'false' }); // every request's token check counted (statements test)
    owner = await createUser(t.app, { email: 'owner@example.com', nickName: 'Owner' });
    other = await createUser(t.app, { email: 'other@example.com', nickName: 'Other' });
    mine = await createBook(t.app, { title: 'Mine', contributors: [owner.userId] });
    contributed = await createBook(t.app, { title: 'Contributed', contributors: [other.userId, owner.userId] });
    theirs = await createBook(t.app, { title: 'Theirs', contributors: [other.userId] });
  });
  afterAll(() => t.close());

  it('refuses visitors (401) and accounts on the free plan (403, with the message)', async () => {
    await request(t.http).get(api('analytics/')).expect(401);
    const res = await request(t.http).get(api('analytics/')).set(auth(owner.token)).expect(403);
    expect(res.body).toEqual({ detail: 'Analytics are available on the enterprise plan only.', code: 'analyticsEnterpriseOnly' });
    await request(t.http)
      .get(api('analytics/'))
      .set(auth('0'.repeat(40)))
      .expect(401);
  });

  it('the operator command sets the plan (and refuses bad input)', async () => {
    expect(await command('owner@example.com')).toBe(0);
    expect(lines.pop()).toBe('owner@example.com: free');
    expect(await command('nobody@example.com', 'enterprise')).toBe(1);
    expect(lines.pop()).toBe('No account has the address nobody@example.com.');
    expect(await command('owner@example.com', 'platinum')).toBe(2);
    expect(lines.pop()).toMatch(/^Usage: npm run account:plan -- <email> \[free\|basic\|premium\|enterprise\]/);
    expect(await command()).toBe(2);
    expect(await command('other@example.com', 'premium')).toBe(0);
    expect(lines.pop()).toBe('other@example.com: free → premium');
    // Premium is not enterprise.
    await request(t.http).get(api('analytics/')).set(auth(other.token)).expect(403);
    expect(await command(' Owner@Example.com ', 'enterprise')).toBe(0);
    expect(lines.pop()).toBe('owner@example.com: free → enterprise');
    await request(t.http).get(api('analytics/')).set(auth(owner.token)).expect(200);
    await request(t.http).get(api('analytics/')).set(auth(other.token)).expect(403);
  });

  it('the operator command refuses an embedded database that a live process holds (its lock in DATA_DIR), whatever PORT says; a stale lock does not block', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-plan-'));
    const lockFile = path.join(dataDir, 'db.lock');
    // PORT points at nothing: the old check (does PORT answer?) let the command open the database under the server.
    const config = loadConfig({ NODE_ENV: 'test', PORT: '1', DATA_DIR: dataDir });
    const out: string[] = [];
    const run = (...args: string[]) => accountPlanCommand(args, config, (line) => out.push(line));
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      // A server holds the embedded database: the lock names this process.
      const held = await openDatabase(undefined, dataDir, 1);
      expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
      expect(await run('owner@example.com', 'enterprise')).toBe(1);
      expect(out.pop()).toMatch(
        new RegExp(
          `^The embedded database in ${dataDir}/db is in use by process ${process.pid} \\(.*\\)\\. Only one process can open it\\. Stop that process first \\(Ctrl\\+C in its terminal, or kill ${process.pid}\\), then run this again; or run the site on PostgreSQL \\(DATABASE_URL\\)`,
        ),
      );
      // A clean stop releases it.
      await held.close();
      expect(fs.existsSync(lockFile)).toBe(false);

      // Another live process's lock (a server in another terminal): refused, the file kept.
      fs.writeFileSync(
        lockFile,
        JSON.stringify({ pid: sleeper.pid, command: 'main.js', since: new Date().toISOString(), started: processStart(sleeper.pid!) }),
      );
      expect(await run('owner@example.com', 'enterprise')).toBe(1);
      expect(out.pop()).toContain(`in use by process ${sleeper.pid} (main.js, since `);
      expect(fs.existsSync(lockFile)).toBe(true);

      // A lock naming a pid that now belongs to another process (a container restarted: the new
      // server may even get the old one's pid) is stale: the start time it recorded differs.
      expect(holderAlive({ pid: sleeper.pid!, started: processStart(sleeper.pid!) })).toBe(true);
      expect(holderAlive({ pid: sleeper.pid!, started: '1' })).toBe(false);
      expect(holderAlive({ pid: process.pid, started: '1' })).toBe(false);

      // That process killed (kill -9 leaves its lock): the stale lock is taken over and the command runs.
      sleeper.kill('SIGKILL');
      await new Promise((resolve) => sleeper.once('exit', resolve));
      expect(await run('owner@example.com', 'enterprise')).toBe(1);
      expect(out.pop()).toBe('No account has the address owner@example.com.'); // it opened the (new, empty) database
      expect(fs.existsSync(lockFile)).toBe(false); // and released it
      expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    } finally {
      sleeper.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("shows an enterprise account its own and contributed Books' figures, and no one else's", async () => {
    const male = await createUser(t.app, { sex: '1' });
    const female = await createUser(t.app, { sex: '3' });
    const silent = await createUser(t.app, { sex: '0' });
    // Views: two people on Mine, one on Contributed, three on Theirs (not counted).
    for (const [viewer, book] of [
      [male, mine],
      [female, mine],
      [male, contributed],
      [male, theirs],
      [female, theirs],
      [silent, theirs],
    ] as const) {
      await request(t.http)
        .get(api(`record_page_view/${viewer.userId}/${book}/`))
        .set(auth(viewer.token))
        .expect(200);
    }
    // Followers: male follows two of the Books (counts once), female one; silent only Theirs.
    for (const [follower, book] of [
      [male, mine],
      [male, contributed],
      [female, mine],
      [silent, theirs],
    ] as const) {
      await request(t.http).post(api('followingpage/')).set(auth(follower.token)).send({ pageId: book }).expect(201);
    }
    // Posts: two reviews of Mine (60, 80) and a plain post about Contributed; a review of Theirs is not counted.
    await createPost(t.app, { userId: male.userId, reviewTo: mine, rating: 60 });
    await createPost(t.app, { userId: female.userId, reviewTo: mine, rating: 80 });
    await createPost(t.app, { userId: female.userId, reviewTo: contributed });
    await createPost(t.app, { userId: silent.userId, reviewTo: theirs, rating: 5 });

    const res = await request(t.http).get(api('analytics/')).set(auth(owner.token)).expect(200);
    const body = res.body;
    expect(res.headers['cache-control']).toMatch(/no-store|private/);
    expect(body.book_count).toBe(2);
    expect(body.books).toEqual([
      { id: contributed, title: 'Contributed' },
      { id: mine, title: 'Mine' },
    ]);
    expect(body.views).toHaveLength(30);
    expect(body.views.at(-1).views).toBe(3);
    expect(body.views.slice(0, -1).every((d: { views: number }) => d.views === 0)).toBe(true);
    expect(body.views.at(-1).day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.followers_by_sex).toEqual({ male: 1, female: 1, other: 0, unanswered: 0 });
    expect(body.posts).toHaveLength(12);
    expect(body.posts.at(-1)).toMatchObject({ posts: 3, reviews: 2, rating: 70 });
    expect(body.posts.slice(0, -1).every((m: { posts: number; rating: null }) => m.posts === 0 && m.rating === null)).toBe(true);
    expect(body.sales).toEqual({ available: false, series: [] });
    // Months run oldest first and end with the current one.
    const months = body.posts.map((m: { month: string }) => m.month);
    expect([...months].sort()).toEqual(months);
    expect(new Set(months).size).toBe(12);
  });

  it("a buyer (or free claimer) of Books sees none of the seller's figures: only Books one made or contributed to count", async () => {
    const buyer = await createUser(t.app, { email: 'buyer@example.com', nickName: 'Buyer' });
    expect(await command('buyer@example.com', 'enterprise')).toBe(0);
    const db = t.app.get<DataSource>(getDataSourceToken());
    const books = t.app.get(BooksService);
    const paid = await createBook(t.app, { title: 'Sold', price: 800, contributors: [other.userId] });
    await db.transaction(async (tx) => {
      await books.grantOwnership(buyer.userId, paid, 'purchase', tx);
      await books.grantOwnership(buyer.userId, theirs, 'free', tx);
    });
    const fan = await createUser(t.app, { sex: '3' });
    await request(t.http)
      .get(api(`record_page_view/${fan.userId}/${paid}/`))
      .set(auth(fan.token))
      .expect(200);
    await request(t.http).post(api('followingpage/')).set(auth(fan.token)).send({ pageId: paid }).expect(201);
    await createPost(t.app, { userId: fan.userId, reviewTo: paid, rating: 90 });
    // The buyer owns both Books (they are in their library) ...
    const owned = (await request(t.http).get(api('owningpagecc/')).set(auth(buyer.token)).expect(200)).body.map((b: { id: number }) => b.id);
    expect(owned.sort()).toEqual([paid, theirs].sort());
    // ... but their analytics hold nothing of them.
    const body = (await request(t.http).get(api('analytics/')).set(auth(buyer.token)).expect(200)).body;
    expect(body.book_count).toBe(0);
    expect(body.books).toEqual([]);
    expect(body.views.every((d: { views: number }) => d.views === 0)).toBe(true);
    expect(body.followers_by_sex).toEqual({ male: 0, female: 0, other: 0, unanswered: 0 });
    expect(body.posts.every((m: { posts: number }) => m.posts === 0)).toBe(true);
  });

  it('answers in the same fixed number of statements for 2 Books as for 12', async () => {
    let statements = countStatements();
    const measure = async () => {
      await request(t.http).get(api('analytics/')).set(auth(owner.token)).expect(200); // warm-up
      // The events of the Books and posts made above (notifications) are handled first: their
      // statements are not this request's.
      await eventsHandled(t.app, 'event.');
      statements.reset();
      const res = await request(t.http).get(api('analytics/')).set(auth(owner.token)).expect(200);
      return { statements: statements.count, books: res.body.book_count as number };
    };
    try {
      const small = await measure();
      statements.stop();
      for (let i = 0; i < 10; i++) {
        const book = await createBook(t.app, { contributors: [owner.userId] });
        await createPost(t.app, { userId: other.userId, reviewTo: book, rating: 50 });
      }
      statements = countStatements();
      const large = await measure();
      console.log(`analytics/: ${small.statements} statements for ${small.books} Books, ${large.statements} for ${large.books}`);
      expect(large.books).toBe(12);
      expect(large.statements).toBe(small.statements);
      // token (the cache is off in this file: counted), plan, the Books' figures, the posts about them, their sales
      expect(large.statements).toBe(5);
    } finally {
      statements.stop();
    }
  });
});
