// Draws the installed app's icons (client/public/*.png) from the favicon's phone handset, with
// Node's own zlib for the PNGs: no image library for a handful of files made once. Run it again
// after changing the glyph or colours: `npx tsx client/scripts/make-icons.ts`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

/** The handset of client/public/favicon.svg (a 64 × 64 box). */
const HANDSET =
  'M22.6 14.5c1.3-.4 2.8.2 3.4 1.5l3.3 7.2c.5 1.1.3 2.4-.6 3.3l-3.1 3c1.9 4.2 5 7.4 9.1 9.4l3.1-3c.9-.9 2.2-1.1 3.3-.6l7.2 3.3c1.3.6 1.9 2.1 1.5 3.4l-1.5 5c-.4 1.4-1.7 2.3-3.1 2.2C27.5 48.1 15.9 36.5 15.3 18.8c0-1.4.9-2.7 2.2-3.1z';
/** The manifest's theme colour (slate 900), and the glyph on it. */
const THEME: Rgb = [0x0f, 0x17, 0x2a];
const WHITE: Rgb = [0xff, 0xff, 0xff];

type Rgb = [number, number, number];
type Point = [number, number];
/** Closed polygons, in pixels. */
type Shape = Point[][];

/** One icon: its size, its background (rounded or full bleed, or none) and how big the glyph is. */
interface IconSpec {
  file: string;
  size: number;
  background: 'rounded' | 'full' | 'none';
  /** The glyph's larger side, as a share of the icon's. */
  glyph: number;
  colour: Rgb;
}

const ICONS: IconSpec[] = [
  { file: 'icon-192.png', size: 192, background: 'rounded', glyph: 0.52, colour: WHITE },
  { file: 'icon-512.png', size: 512, background: 'rounded', glyph: 0.52, colour: WHITE },
  // Maskable: the launcher crops to its own shape, keeping at least the middle 80 % circle.
  { file: 'icon-maskable-512.png', size: 512, background: 'full', glyph: 0.42, colour: WHITE },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, background: 'full', glyph: 0.5, colour: WHITE },
  // Android's status bar draws a notification's badge as a white silhouette.
  { file: 'badge-96.png', size: 96, background: 'none', glyph: 0.78, colour: WHITE },
];

/** Parses the path commands the favicon uses (M, L, H, V, C, Z, absolute and relative) into polygons. */
function parsePath(d: string): Shape {
  const tokens = d.match(/[MmLlHhVvCcZz]|-?(?:\d+\.?\d*|\.\d+)/g) ?? [];
  const shape: Shape = [];
  let polygon: Point[] = [];
  let at: Point = [0, 0];
  let start: Point = [0, 0];
  let command = '';
  let i = 0;
  const num = () => Number(tokens[i++]);
  while (i < tokens.length) {
    if (/[A-Za-z]/.test(tokens[i] as string)) command = tokens[i++] as string;
    const relative = command === command.toLowerCase();
    const base: Point = relative ? at : [0, 0];
    switch (command.toUpperCase()) {
      case 'M': {
        if (polygon.length) shape.push(polygon);
        at = [base[0] + num(), base[1] + num()];
        start = at;
        polygon = [at];
        command = relative ? 'l' : 'L';
        break;
      }
      case 'L':
        at = [base[0] + num(), base[1] + num()];
        polygon.push(at);
        break;
      case 'H':
        at = [(relative ? at[0] : 0) + num(), at[1]];
        polygon.push(at);
        break;
      case 'V':
        at = [at[0], (relative ? at[1] : 0) + num()];
        polygon.push(at);
        break;
      case 'C': {
        const c1: Point = [base[0] + num(), base[1] + num()];
        const c2: Point = [base[0] + num(), base[1] + num()];
        const end: Point = [base[0] + num(), base[1] + num()];
        for (let step = 1; step <= 24; step++) {
          const t = step / 24;
          const u = 1 - t;
          polygon.push([
            u * u * u * at[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * end[0],
            u * u * u * at[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * end[1],
          ]);
        }
        at = end;
        break;
      }
      case 'Z':
        at = start;
        shape.push(polygon);
        polygon = [];
        break;
      default:
        throw new Error(`path command ${command} is not supported`);
    }
  }
  if (polygon.length) shape.push(polygon);
  return shape;
}

function bounds(shape: Shape): { minX: number; minY: number; maxX: number; maxY: number } {
  const points = shape.flat();
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/** The glyph scaled so its larger side is `share` of `size`, centred. */
function placeGlyph(shape: Shape, size: number, share: number): Shape {
  const box = bounds(shape);
  const scale = (size * share) / Math.max(box.maxX - box.minX, box.maxY - box.minY);
  const dx = size / 2 - ((box.minX + box.maxX) / 2) * scale;
  const dy = size / 2 - ((box.minY + box.maxY) / 2) * scale;
  return shape.map((polygon) => polygon.map(([x, y]): Point => [x * scale + dx, y * scale + dy]));
}

/** A square with corners of `radius`, as one polygon. */
function roundedSquare(size: number, radius: number): Shape {
  const polygon: Point[] = [];
  const corners: [number, number, number][] = [
    [size - radius, radius, -Math.PI / 2],
    [size - radius, size - radius, 0],
    [radius, size - radius, Math.PI / 2],
    [radius, radius, Math.PI],
  ];
  for (const [cx, cy, from] of corners)
    for (let step = 0; step <= 16; step++) {
      const angle = from + (step / 16) * (Math.PI / 2);
      polygon.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
    }
  return [polygon];
}

/**
 * How much of each pixel the shape covers (0–1), non-zero winding: 16 sample rows per pixel, each
 * crossing's span added with exact fractional ends.
 */
function coverage(shape: Shape, size: number): Float32Array {
  const ROWS = 16;
  const cover = new Float32Array(size * size);
  const edges = shape.flatMap((polygon) =>
    polygon.map((from, index) => [from, polygon[(index + 1) % polygon.length] as Point] as const),
  );
  for (let row = 0; row < size * ROWS; row++) {
    const y = (row + 0.5) / ROWS;
    const crossings: { x: number; winding: number }[] = [];
    for (const [[x0, y0], [x1, y1]] of edges) {
      if (y0 === y1 || y < Math.min(y0, y1) || y >= Math.max(y0, y1)) continue;
      crossings.push({ x: x0 + ((y - y0) / (y1 - y0)) * (x1 - x0), winding: y1 > y0 ? 1 : -1 });
    }
    crossings.sort((a, b) => a.x - b.x);
    const line = Math.floor(row / ROWS) * size;
    let winding = 0;
    for (let index = 0; index < crossings.length - 1; index++) {
      winding += (crossings[index] as { winding: number }).winding;
      if (winding === 0) continue;
      const from = Math.max(0, (crossings[index] as { x: number }).x);
      const to = Math.min(size, (crossings[index + 1] as { x: number }).x);
      for (let px = Math.floor(from); px < to && px < size; px++) {
        const covered = Math.min(to, px + 1) - Math.max(from, px);
        if (covered > 0) cover[line + px] = (cover[line + px] as number) + covered / ROWS;
      }
    }
  }
  return cover;
}

function drawIcon(spec: IconSpec): Buffer {
  const { size } = spec;
  const glyph = coverage(placeGlyph(parsePath(HANDSET), size, spec.glyph), size);
  const background =
    spec.background === 'none'
      ? new Float32Array(size * size)
      : spec.background === 'full'
        ? new Float32Array(size * size).fill(1)
        : coverage(roundedSquare(size, size * 0.22), size);
  const rgba = Buffer.alloc(size * size * 4);
  for (let index = 0; index < size * size; index++) {
    const g = Math.min(1, glyph[index] as number);
    const b = Math.min(1, background[index] as number);
    // The glyph over the background ("source over"), straight (not premultiplied) alpha.
    const alpha = g + b * (1 - g);
    spec.colour.forEach((over, channel) => {
      const under = THEME[channel] as number;
      rgba[index * 4 + channel] = alpha === 0 ? 0 : Math.round((over * g + under * b * (1 - g)) / alpha);
    });
    rgba[index * 4 + 3] = Math.round(alpha * 255);
  }
  return encodePng(size, size, rgba);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG: every row unfiltered, deflated at the highest level. */
function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const publicDir = join(import.meta.dirname, '..', 'public');
for (const spec of ICONS) {
  writeFileSync(join(publicDir, spec.file), drawIcon(spec));
  console.log(`wrote client/public/${spec.file} (${spec.size} × ${spec.size})`);
}
