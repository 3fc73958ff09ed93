// Generates the 59 default circle covers (public/circle-backgrounds/bg-01.png … bg-59.png):
// geometric patterns in soft two- and three-colour palettes, drawn pixel by pixel and written as
// PNG with node's zlib, so no artwork is copied and no image library is needed.
// Run: npm exec -- node scripts/generate-circle-backgrounds.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const COUNT = 59;
const WIDTH = 800;
const HEIGHT = 400;
const out = join(dirname(fileURLToPath(import.meta.url)), '../public/circle-backgrounds');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** An indexed-colour PNG (palette of up to 256 RGB colours; `pixel(x, y)` answers an index). */
function png(palette, pixel) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // indexed colour
  const raw = Buffer.alloc((WIDTH + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y += 1) {
    raw[y * (WIDTH + 1)] = 0;
    for (let x = 0; x < WIDTH; x += 1) raw[y * (WIDTH + 1) + 1 + x] = pixel(x, y);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(palette.flat())),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small deterministic random source, so that a rerun makes the same files. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
function hsl(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

const PATTERNS = [
  // diagonal stripes
  (r) => {
    const w = 30 + Math.floor(r() * 50);
    return (x, y) => Math.floor((x + y) / w) % 2;
  },
  // dots on a grid
  (r) => {
    const g = 40 + Math.floor(r() * 40);
    const rad = g * (0.18 + r() * 0.2);
    return (x, y) => {
      const dx = (x % g) - g / 2;
      const dy = (y % g) - g / 2;
      return dx * dx + dy * dy < rad * rad ? 1 : 0;
    };
  },
  // checks
  (r) => {
    const g = 40 + Math.floor(r() * 60);
    return (x, y) => (Math.floor(x / g) + Math.floor(y / g)) % 2;
  },
  // waves in three bands
  (r) => {
    const amp = 15 + r() * 30;
    const len = 80 + r() * 160;
    const band = 50 + r() * 50;
    return (x, y) => {
      const v = Math.floor((y + amp * Math.sin((x / len) * Math.PI * 2)) / band);
      return ((v % 3) + 3) % 3;
    };
  },
  // concentric rings from a corner
  (r) => {
    const cx = r() * WIDTH;
    const cy = r() * HEIGHT;
    const w = 35 + r() * 45;
    return (x, y) => Math.floor(Math.hypot(x - cx, y - cy) / w) % 3;
  },
  // stepped gradient (three bands across)
  (r) => {
    const angle = r() * Math.PI;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const span = Math.abs(WIDTH * cos) + Math.abs(HEIGHT * sin);
    return (x, y) => Math.min(2, Math.floor((((x - WIDTH / 2) * cos + (y - HEIGHT / 2) * sin) / span + 0.5) * 3));
  },
  // triangles (zigzag rows)
  (r) => {
    const w = 60 + Math.floor(r() * 60);
    const h = w / 2;
    return (x, y) => {
      const row = Math.floor(y / h);
      const fx = ((x + (row % 2) * (w / 2)) % w) / w;
      const fy = (y % h) / h;
      return fy > Math.abs(fx * 2 - 1) ? 1 + (row % 2) : 0;
    };
  },
];

mkdirSync(out, { recursive: true });
let total = 0;
for (let i = 1; i <= COUNT; i += 1) {
  const r = random(i * 7919);
  const hue = (i * 360) / COUNT;
  const palette = [hsl(hue, 0.45, 0.86), hsl((hue + 25) % 360, 0.5, 0.72), hsl((hue + 330) % 360, 0.4, 0.62)];
  const pattern = PATTERNS[(i - 1) % PATTERNS.length](r);
  const file = png(palette, pattern);
  total += file.length;
  writeFileSync(join(out, `bg-${String(i).padStart(2, '0')}.png`), file);
}
console.log(`${COUNT} backgrounds, ${Math.round(total / 1024)} KB in ${out}`);
