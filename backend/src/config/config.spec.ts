import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('runs with no variables at all: port 3000, embedded database, local files, outbox mail', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.storage.driver).toBe('local');
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.outboxDir).toMatch(/data[/\\]outbox$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
  });

  it('stops with a message naming the variable on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(new ConfigError('PORT must be a non-negative integer, got "eighty"'));
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be between 1 and 65535/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO must be true or false/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL must be a URL/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER must be one of local, s3/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET is required/);
  });

  it('keeps two instances apart through DATA_DIR and PORT', () => {
    const a = loadConfig({ DATA_DIR: '/tmp/a', PORT: '3001' });
    const b = loadConfig({ DATA_DIR: '/tmp/b', PORT: '3002' });
    expect(a.storage.localDir).not.toBe(b.storage.localDir);
    expect(a.publicUrl).toBe('http://localhost:3001');
    expect(b.mail.outboxDir).toBe('/tmp/b/outbox');
  });

  it('reads proxy, CORS and public origin settings', () => {
    const config = loadConfig({ TRUST_PROXY: '1', CORS_ORIGINS: 'https://a.example, https://b.example', PUBLIC_URL: 'https://mono.example/' });
    expect(config.trustProxy).toBe(1);
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.publicUrl).toBe('https://mono.example');
  });
});

describe('README', () => {
  // Jest runs from backend/.
  const readme = fs.readFileSync(path.resolve(process.cwd(), '../README.md'), 'utf8');
  const status = readme.slice(readme.indexOf('## Status'), readme.indexOf('## Quick start'));

  it('lists every variable in the configuration table', () => {
    const missing = CONFIG_VARIABLES.filter((v) => !readme.includes(`\`${v.name}\``)).map((v) => v.name);
    expect(missing).toEqual([]);
  });

  it('names no issue numbers (a reader has no tracker), and documents every root npm script', () => {
    expect(readme.match(/\bissues?\s*#?\d+/gi)).toBeNull();
    const scripts = Object.keys(
      (JSON.parse(fs.readFileSync(path.resolve(process.cwd(), '../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
    );
    const undocumented = scripts.filter(
      (name) => !(name === 'start' ? readme.includes('npm start') : name === 'test' ? readme.includes('npm test') : readme.includes(`npm run ${name}`)),
    );
    expect(undocumented).toEqual([]);
  });

  it("keeps Status up with the code: what is built, nothing built called 'not built'", () => {
    expect(status).not.toMatch(/not built yet/i);
    for (const part of ['Notifications', 'live', 'Payments', 'Payouts', 'Ads', 'npm run cluster']) expect(status).toContain(part);
    expect(readme).not.toContain('an empty series until payments exist');
  });

  it('says how to try payments and the sign-in providers locally, and what the start output shows', () => {
    for (const flag of ['--port', '--webhook', '--secret']) expect(readme).toContain(flag);
    expect(readme).toContain('npm run oidc:stand-in');
    for (const name of ['GOOGLE_ISSUER', 'LINE_ISSUER', 'YAHOO_ISSUER', 'LINE_CHANNEL_SECRET', 'YAHOO_CLIENT_SECRET']) expect(readme).toContain(`${name}=`);
    expect(readme).toMatch(/one line per build step[\s\S]{0,300}whether payments and each sign-in provider/);
  });
});
