// Jest (before Node 24.9) cannot require() an ES module: light-my-request (Fastify's inject, which
// the server renderer uses: src/common/http/server-render.ts) requires cookie 2, ESM-only, for
// `stringifySetCookie`; cookie 0.7 (CommonJS) has the same as `serialize`. Only light-my-request
// requires `cookie` in the backend's tree.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS shim for Jest
const cookie = require('../../../node_modules/cookie/index.js');

module.exports = { ...cookie, stringifySetCookie: (c) => cookie.serialize(c.name, c.value, c) };
