import fs from 'node:fs';
import { newPageSql, oldPageSql } from './home-sql.mjs';
for (const p of [0, 3]) {
  fs.writeFileSync(`scripts/home-feed/new-page-p${p}.sql`, newPageSql('$1', '10', String(p * 10)));
  fs.writeFileSync(`scripts/home-feed/old-page-p${p}.sql`, oldPageSql('$1', '10', String(p * 10)));
}
