// What both floor servers take from the app.
//
// bareSql: the app's `Db` (backend/src/database/db.ts) over a bare `pg` pool: named (prepared)
// statements as the app runs them unless DATABASE_PREPARE=false, and on the embedded database a
// clean session for each new connection. `rows/row/exec(text, params)` as in the app; `query(text,
// params)` → rows for positional statements (the floors' own SQL). `dbModule` is
// backend/dist/database/db.js.
export function bareSql(pg, dbModule, { url, max, embedded }) {
  const { Db, statementNamer, forgetPrepared } = dbModule;
  const pool = new pg.Pool({ connectionString: url, max, ...(embedded ? { onConnect: forgetPrepared } : {}) });
  const prepare = process.env.DATABASE_PREPARE !== 'false';
  const statementName = prepare ? statementNamer(undefined, 'floor') : () => undefined;
  const db = Db.overPool(pool, prepare);
  return Object.assign(db, {
    pool,
    query: async (text, params) => (await pool.query({ text, values: params, name: statementName(text) })).rows,
  });
}

/**
 * The headers of the app's JSON answers (helmet's, worked out once as the app does, and Vary), so a
 * floor sends the same answer as the app. `load(file)` requires a file of backend/dist.
 */
export function appAnswerHeaders(load) {
  const { helmetOptions } = load('bootstrap.js');
  const { securityHeaders } = load('common/http/security-headers.js');
  return { ...securityHeaders(helmetOptions), vary: 'accept-encoding', 'content-type': 'application/json; charset=utf-8' };
}

/**
 * The app's read services over `db` (a `bareSql` Db), built as Nest builds them, for the floors and
 * explain-feeds: the same classes from backend/dist, the same constructor order (a change of a
 * constructor is fixed here once). `load(file)` requires a file of backend/dist. Writes, events and
 * storage are not wired (the floors only read): `events.subscribe` does nothing.
 */
export function appReadServices(load, db, { options, databaseHandle, signer = null }) {
  const { AccessService } = load('common/access/access.service.js');
  const { Audiences } = load('common/audiences/audiences.js');
  const { ProfilePacker } = load('modules/profiles/profile.packer.js');
  const { ProfilesService } = load('modules/profiles/profiles.service.js');
  const { TokenService } = load('modules/auth/token.service.js');
  const { BookSql } = load('modules/books/book-sql.js');
  const { BookPacker } = load('modules/books/book.packer.js');
  const { BookAccess } = load('modules/books/book-access.service.js');
  const { BookOwnership } = load('modules/books/book-ownership.service.js');
  const { BookReads } = load('modules/books/book-reads.service.js');
  const { BookLists } = load('modules/books/book-lists.service.js');
  const { BooksService } = load('modules/books/books.service.js');
  const { FollowsService } = load('modules/follows/follows.service.js');
  const { PostPacker } = load('modules/posts/post.packer.js');
  const { FeedsService } = load('modules/posts/feeds.service.js');
  const { CirclePacker } = load('modules/circles/circle.packer.js');
  const { CircleReads } = load('modules/circles/circle-reads.service.js');
  const { CircleAudience } = load('modules/circles/circle-audience.service.js');
  const { CircleThread } = load('modules/circles/circle-thread.service.js');

  const events = { subscribe() {} };
  const access = new AccessService();
  const audiences = new Audiences();
  // (db, access, options: the token cache as the app keeps it); it registers the standing check.
  const tokens = new TokenService(db, access, { database: databaseHandle, config: { authTokenCache: process.env.AUTH_TOKEN_CACHE !== 'false' } });
  const people = new ProfilePacker(db, options);
  const profiles = new ProfilesService(db, options, null, events, access);
  const bookSql = new BookSql(audiences);
  const bookPacker = new BookPacker(db, options, people, access, audiences, bookSql);
  const bookAccess = new BookAccess(db, access, events);
  const ownership = new BookOwnership(db, signer, events, access, bookAccess);
  const bookReads = new BookReads(db, access, bookAccess, bookSql, bookPacker, ownership);
  const bookLists = new BookLists(db, bookSql, bookPacker, bookAccess);
  const books = new BooksService(bookAccess, bookSql, bookPacker, bookReads, bookLists, ownership, null, null);
  const follows = Object.create(FollowsService.prototype); // only its SQL fragments are used
  const feeds = new FeedsService(db, new PostPacker(db, options, people, books, audiences), follows, books);
  const circleReads = new CircleReads(db, new CirclePacker(options, people));
  // Registers the circles' fragments with the audiences; its access rules after every constructor, as in the app.
  new CircleAudience(db, circleReads, access, audiences).onModuleInit();
  const circleThread = new CircleThread(access, circleReads, feeds);
  return { access, audiences, tokens, people, profiles, books, bookReads, bookLists, feeds, circleReads, circleThread };
}
