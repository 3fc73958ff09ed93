#!/usr/bin/env node
// The client side of bench-notifications.mjs (its own process, so that its memory is not the
// server's): opens one event stream per token of the JSON file argv[3] against port argv[2],
// prints `open <n>` once every stream has sent its first `unread` event, then `got <index> <epoch ms>`
// for each `notification` event.
import * as fs from 'node:fs';
import * as http from 'node:http';

const port = Number(process.argv[2]);
const tokens = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let open = 0;
tokens.forEach((token, index) => {
  const req = http.get({ host: '127.0.0.1', port, path: '/api/user/notifications/stream/', agent, headers: { Authorization: `Token ${token}` } }, (res) => {
    let buffer = '';
    let first = true;
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      buffer += chunk;
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.startsWith('event: unread') && first) {
          first = false;
          if (++open === tokens.length) console.log(`open ${open}`);
        } else if (block.startsWith('event: notification')) {
          console.log(`got ${index} ${Date.now()}`);
        }
      }
    });
  });
  req.on('error', (err) => console.error(`stream ${index}: ${err.message}`));
});
