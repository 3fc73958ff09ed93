import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { stringify } from 'yaml';
import { buildOpenApiDocument, createApp } from './bootstrap';
import { loadConfig } from './config/config';

/**
 * Writes (or checks) ../openapi.yaml from the controllers, without a database or a port:
 * `node dist/openapi.js write|check`.
 */
async function main(): Promise<void> {
  const mode = process.argv[2] ?? 'write';
  const target = path.resolve(process.argv[3] ?? path.join(process.cwd(), '..', 'openapi.yaml'));
  const config = loadConfig({ NODE_ENV: 'test', SERVE_FRONTEND: 'false', SEED_DEMO: 'false', RUN_WORKER: 'false' });
  const app = await createApp({ config, runWorkers: false });
  const yaml = stringify(buildOpenApiDocument(app), { aliasDuplicateObjects: false, lineWidth: 0 });
  await app.close();
  if (mode === 'check') {
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
    if (current !== yaml) {
      console.error(`${path.relative(process.cwd(), target)} is stale: run \`npm run openapi\` and commit the result.`);
      process.exit(1);
    }
    console.log('openapi.yaml is current');
    return;
  }
  fs.writeFileSync(target, yaml);
  console.log(`wrote ${target}`);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
