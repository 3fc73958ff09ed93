import type { MigrationInterface, QueryRunner } from 'typeorm';
import { searchDocument } from '../../common/search/search-text';
import { CALENDAR_TAGS } from '../../modules/tags/tag-seed';

/**
 * Tags for calendars and holidays (issue 40: the Cabinet Office's holiday list got no tag, none of
 * the seed tags being about dates). Added like the seed, kept on the way down (Books may use them).
 */
export class CalendarTags1735600000000 implements MigrationInterface {
  name = 'CalendarTags1735600000000';

  async up(q: QueryRunner): Promise<void> {
    for (const [language, names] of Object.entries(CALENDAR_TAGS)) {
      for (const name of names) {
        await q.query(`INSERT INTO attributes (attribute_name, language, search_text) VALUES ($1, $2, $3) ON CONFLICT (language, attribute_name) DO NOTHING`, [
          name,
          language,
          searchDocument(name),
        ]);
      }
    }
  }

  async down(): Promise<void> {
    // Tags may be in use by Books by now; keep them.
  }
}
