import { resolve } from 'node:path';
import { ESLint } from 'eslint';

// The one-way import rule (shared → features → app) is enforced by eslint.config.js. These
// cases lint made-up files in place, so the rule is proven on the real configuration.
const root = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.line);
}

describe('import boundaries', () => {
  it('refuses a feature importing another feature, by alias or relative path', async () => {
    const code = [
      "import { parseId } from '@/features/books/utils/book-id';",
      "import { parseId as again } from '../books/utils/book-id';",
      'export const x = [parseId, again];',
      '',
    ].join('\n');
    expect(await boundaryErrors('src/features/auth/probe.ts', code)).toEqual([1, 2]);
  });

  it('covers a feature folder that is not named anywhere in the configuration', async () => {
    const code = "import { looksLikeEmail } from '@/features/auth/utils/email';\nexport const x = looksLikeEmail;\n";
    expect(await boundaryErrors('src/features/some-new-feature/probe.ts', code)).toEqual([1]);
  });

  it('refuses a feature importing app/, and shared code importing features or app/', async () => {
    const fromFeature = "import { createAppStore } from '@/app/store';\nexport const x = createAppStore;\n";
    expect(await boundaryErrors('src/features/books/probe.ts', fromFeature)).toEqual([1]);
    const fromShared = [
      "import { parseId } from '@/features/books/utils/book-id';",
      "import { createAppStore } from '@/app/store';",
      'export const x = [parseId, createAppStore];',
      '',
    ].join('\n');
    expect(await boundaryErrors('src/components/probe.ts', fromShared)).toEqual([1, 2]);
  });

  it('lets a feature import itself and shared code, and routes compose features', async () => {
    const inFeature = ["import { parseId } from '../utils/book-id';", "import { api } from '@/api/api';", 'export const x = [parseId, api];', ''].join('\n');
    expect(await boundaryErrors('src/features/books/components/probe.ts', inFeature)).toEqual([]);
    const inRoute = [
      "import { parseId } from '@/features/books/utils/book-id';",
      "import { looksLikeEmail } from '@/features/auth/utils/email';",
      'export const x = [parseId, looksLikeEmail];',
      '',
    ].join('\n');
    expect(await boundaryErrors('src/app/routes/books/probe.ts', inRoute)).toEqual([]);
  });
});
