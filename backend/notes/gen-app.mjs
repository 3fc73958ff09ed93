// Writes the app's page statement (dist) for pages 0 and 3 to notes/app-new-page-p{0,3}.sql ($1 = viewer).
import fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { FeedsService } = require('../dist/modules/posts/feeds.service.js');
const { FollowsService } = require('../dist/modules/follows/follows.service.js');
const { followedBookIdsSql } = require('../dist/modules/books/book-sql.js');
const feeds = new FeedsService(null, null, Object.create(FollowsService.prototype), { followedBookIdsSql });
for (const p of [0, 3]) fs.writeFileSync(`notes/app-new-page-p${p}.sql`, feeds.homePageSql('$1', '10', String(p * 10)));
