// Writes the app's page statement (dist) with its totals, as postListSql joins them (the page
// LATERAL over the totals' row t), for pages 0 and 3 to scripts/home-feed/app-new-page-p{0,3}.sql, and main's
// merge with the same totals to scripts/home-feed/old-page-p{0,3}.sql ($1 = viewer).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { oldPageSql } from './home-sql.mjs';
const require = createRequire(import.meta.url);
export const { FeedsService } = require('../../dist/modules/posts/feeds.service.js');
const { FollowsService } = require('../../dist/modules/follows/follows.service.js');
const { followedBookIdsSql, bookPostTotalsSql } = require('../../dist/modules/books/book-sql.js');
export const feeds = new FeedsService(null, null, Object.create(FollowsService.prototype), { followedBookIdsSql, bookPostTotalsSql });
const withTotals = (page) =>
  `SELECT t.n, pg.id, pg.sort_key FROM (${feeds.homeTotalsSql('$1')}) t LEFT JOIN LATERAL (${page}) pg ON true ORDER BY pg.sort_key DESC`;
export const appSql = (limit, offset) => withTotals(feeds.homePageSql('$1', limit, offset, 't.n'));
export const oldSql = (limit, offset) => withTotals(oldPageSql('$1', limit, offset));
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const p of [0, 3]) {
    fs.writeFileSync(`scripts/home-feed/app-new-page-p${p}.sql`, appSql('10', String(p * 10)));
    fs.writeFileSync(`scripts/home-feed/old-page-p${p}.sql`, oldSql('10', String(p * 10)));
  }
}
