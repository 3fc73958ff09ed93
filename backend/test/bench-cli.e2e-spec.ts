import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

// The documented bench commands (README "Benchmark") reach the HTTP bench with their flags: npm
// once took `--users` as its own config, and the arguments went to the generation bench.
// `--dry-run` stops after parsing, so this needs no build and no database (about 1 s a command).
const root = path.resolve(process.cwd(), '..'); // tests run in backend/

function bench(args: string[]) {
  const run = spawnSync('npm', ['run', '--silent', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } });
  const line = run.stdout.split('\n').find((l) => l.startsWith('{"dryRun"'));
  return { status: run.status, stderr: run.stderr, parsed: line ? JSON.parse(line) : null };
}

describe('npm run bench (command line)', () => {
  it('from the root, the flags after -- reach the HTTP bench', () => {
    const { status, parsed } = bench(['bench', '--', '--users', '100000', '--posts', '2000', '--only', 'postcc,userpostcc', '--rounds', '2', '--dry-run']);
    expect(status).toBe(0);
    expect(parsed.options).toMatchObject({ users: 100000, posts: 2000, rounds: 2, only: ['postcc', 'userpostcc'] });
    expect(parsed.scenarios).toEqual(['postcc', 'userpostcc']);
  });

  it('from the backend workspace too, and a wrong flag is refused with the usage', () => {
    const ok = bench(['bench', '-w', 'backend', '--', '--users', '50', '--only', 'likedposts', '--dry-run']);
    expect(ok.status).toBe(0);
    expect(ok.parsed.options).toMatchObject({ users: 50, only: ['likedposts'] });
    const bad = bench(['bench', '--', '--userz', '5', '--dry-run']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Usage: npm run bench');
  });
});
