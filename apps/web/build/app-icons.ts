/**
 * Writes the installable app's icons (public/icons/*.png, docs/product.md §10 "Installable app"): the
 * favicon's crown (index.html) in gold on the theme's dark background, 192 and 512 px, and a maskable
 * 512 px one with the crown inside the safe zone. Run once after changing the crown:
 * `npx tsx apps/web/build/app-icons.ts`. PNG written with node:zlib (no image library needed).
 */
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Pt = [number, number];
/** The crown of the favicon's SVG path, in its 64×64 view box. */
const SHAPES: Pt[][] = [
  [[8, 50], [56, 50], [56, 56], [8, 56]],
  [[10, 20], [22, 30], [32, 14], [42, 30], [54, 20], [50, 48], [14, 48]],
];
const BG = [0x14, 0x10, 0x1c];
const GOLD = [0xd4, 0xa9, 0x4a];

function inside(p: Pt, poly: Pt[]): boolean {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
function crc32(b: Buffer): number {
  let c = -1;
  for (const x of b) c = CRC[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A size×size RGB PNG of the crown scaled by `scale` around the centre (4×4 supersampling). */
export function crownPng(size: number, scale: number): Buffer {
  const raw = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      let hits = 0;
      for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) {
        const u = ((x + (sx + 0.5) / 4) / size) * 64;
        const v = ((y + (sy + 0.5) / 4) / size) * 64;
        const p: Pt = [32 + (u - 32) / scale, 32 + (v - 32) / scale + 3];
        if (SHAPES.some((s) => inside(p, s))) hits++;
      }
      const a = hits / 16;
      for (let c = 0; c < 3; c++) raw[y * (size * 3 + 1) + 1 + x * 3 + c] = Math.round(BG[c]! * (1 - a) + GOLD[c]! * a);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = fileURLToPath(new URL('../public/icons/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}icon-192.png`, crownPng(192, 1));
  writeFileSync(`${dir}icon-512.png`, crownPng(512, 1));
  writeFileSync(`${dir}icon-maskable-512.png`, crownPng(512, 0.7));
  console.log(`wrote the app icons to ${dir}`);
}
