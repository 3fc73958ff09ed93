import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ERROR_CODES, MESSAGES, MESSAGE_TEMPLATES, TEMPLATE_PARAMS, fillTemplate, matchMessage, messageCode } from './messages';
import { Msg } from './drf-errors';

const SRC = join(process.cwd(), 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Places where a string written in code would reach a client as a message. */
const MESSAGE_SITES: RegExp[] = [
  /\bmessage:\s*['"`]/,
  /\bdetail:\s*['"`]/,
  /\.nonField\(\s*['"`]/,
  /\.field\([^,()]+,\s*['"`]/,
  /DrfDetailError\([^,()]+,\s*['"`]/,
  /\bforbidden\(\s*['"`]/,
  /problems\.push\(\s*['"`]/,
  // exported message constants (`export const NOT_ALLOWED = 'You …';`)
  // (not SQL texts: `export const X_SQL = `SELECT …``)
  /^export const [A-Z][A-Z0-9_]* = ['"`](?!(?:SELECT|WITH|INSERT|UPDATE|DELETE)\b)[A-Z]/,
];

describe('message catalogue', () => {
  it('is the only source of the messages code sends', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const rel = relative(SRC, file);
      // Book generation writes Book text (and the LLM's corrections), not answers; mail has its own bilingual texts.
      // The catalogue itself (its TEMPLATE_PARAMS name a `detail` value).
      if (rel === join('common', 'http', 'messages.ts')) continue;
      if (rel.startsWith(join('modules', 'books', 'generation')) || rel.startsWith(join('modules', 'uploads', 'generation')) || rel.includes('mail-templates'))
        continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (MESSAGE_SITES.some((site) => site.test(line))) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('recognises every message and every filled template', () => {
    for (const text of Object.values(MESSAGES)) expect(matchMessage(text)).toBeDefined();
    expect(matchMessage(Msg.throttled(600))).toEqual({ name: 'throttled', values: { seconds: '600' } });
    expect(matchMessage(Msg.maxLength(20))).toEqual({ name: 'maxLength', values: { n: '20' } });
    expect(matchMessage(Msg.invalidChoice('fr'))).toEqual({ name: 'invalidChoice', values: { value: 'fr' } });
    for (const name of Object.keys(MESSAGE_TEMPLATES) as Array<keyof typeof MESSAGE_TEMPLATES>) {
      expect(matchMessage(fillTemplate(name, { n: 1, value: 'x', seconds: 2, detail: 'y' }))?.name).toBe(name);
    }
    expect(matchMessage('property email should not exist')).toBeUndefined();
  });

  it("codes every message by its name, with a template's values typed", () => {
    expect(ERROR_CODES).toEqual([...Object.keys(MESSAGES), ...Object.keys(MESSAGE_TEMPLATES)]);
    for (const [name, text] of Object.entries(MESSAGES)) expect(messageCode(text)).toEqual({ code: name });
    expect(messageCode(Msg.maxLength(20))).toEqual({ code: 'maxLength', params: { n: 20 } });
    expect(messageCode(Msg.throttled(42))).toEqual({ code: 'throttled', params: { seconds: 42 } });
    expect(messageCode(Msg.uploadQuota(20, 52_428_800))).toEqual({ code: 'uploadQuota', params: { files: 20, megabytes: 50 } });
    expect(messageCode(Msg.invalidPk(7))).toEqual({ code: 'invalidPk', params: { pk: '7' } });
    expect(messageCode(Msg.surrogate(0xd800))).toEqual({ code: 'surrogate', params: { code: 'D800' } });
    expect(messageCode(Msg.invalidChoice('12'))).toEqual({ code: 'invalidChoice', params: { value: '12' } });
    expect(messageCode('property email should not exist')).toBeUndefined();
  });

  it('names the values of every template, and only those', () => {
    for (const [name, template] of Object.entries(MESSAGE_TEMPLATES)) {
      const placeholders = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect([name, Object.keys(TEMPLATE_PARAMS[name as keyof typeof TEMPLATE_PARAMS]).sort()]).toEqual([name, placeholders]);
    }
  });
});
