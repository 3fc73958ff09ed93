/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * Starts a child process from the TypeScript sources (tests; the compiled build forks the .js
 * files directly): TypeScript is compiled on require with @swc/core, a dev dependency Jest
 * already uses, into CommonJS as `tsc` builds dist/.
 *
 * usage: node run-ts.cjs <entry.ts> [args…]
 */
const { transformSync } = require('@swc/core');
const fs = require('node:fs');
const path = require('node:path');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

const entry = path.resolve(process.argv[2]);
process.argv.splice(2, 1);
require(entry);
