import type { MigrationInterface, QueryRunner } from 'typeorm';
import { searchDocument } from '../../common/search/search-text';
import { ATTRIBUTE_SEED } from '../../modules/tags/tag-seed';

export class AttributeSeed1732400000001 implements MigrationInterface {
  name = 'AttributeSeed1732400000001';

  async up(q: QueryRunner): Promise<void> {
    for (const [language, names] of Object.entries(ATTRIBUTE_SEED)) {
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
