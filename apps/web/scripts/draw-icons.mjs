/**
 * Draws the installed app's icons (public/icon-*.png, apple-touch-icon.png) from the shapes of
 * public/logo.svg: a mortarboard in white on the brand blue. Run once when the logo changes:
 * `node apps/web/scripts/draw-icons.mjs`. A maskable icon fills its square, the cap inside the
 * middle 80 % (the safe zone a launcher's mask keeps).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const BLUE = [0x1c, 0x5b, 0xb8];
const WHITE = [0xff, 0xff, 0xff];
const PALE = [0xdb, 0xe7, 0xfb];

/** Whether (x, y) is inside the polygon (even-odd rule). */
function inside(points, x, y) {
  let hit = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

const TOP = [
  [32, 12],
  [10, 24],
  [32, 36],
  [54, 24],
];
/** The cap's band: its sides, and a curved bottom as in the logo. */
function band(x, y) {
  if (x < 18 || x > 46 || y < 31) return false;
  const dip = 7.6 * (1 - Math.abs(x - 32) / 14);
  if (y < 31 + dip) return false;
  const bottom = 42 + 8 * Math.sqrt(Math.max(0, 1 - ((x - 32) / 14) ** 2));
  return y <= bottom;
}
const tassel = (x, y) => Math.abs(x - 50) <= 1.5 && y >= 25 && y <= 39;
const roundedSquare = (x, y, r) => {
  const cx = Math.min(Math.max(x, r), 64 - r);
  const cy = Math.min(Math.max(y, r), 64 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};

/** The colour at a point of the 64-unit logo, or null outside it. */
function logoAt(x, y, maskable) {
  if (!maskable && !roundedSquare(x, y, 14)) return null;
  // A maskable icon's cap is drawn at 70 % around the middle: inside the safe zone.
  const [u, v] = maskable ? [32 + (x - 32) / 0.7, 32 + (y - 32) / 0.7] : [x, y];
  if (inside(TOP, u, v) || tassel(u, v)) return WHITE;
  if (band(u, v)) return PALE;
  return BLUE;
}

function draw(size, maskable, file) {
  const png = new PNG({ width: size, height: size });
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 64;
          const y = ((py + (sy + 0.5) / samples) / size) * 64;
          const colour = logoAt(x, y, maskable);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a++;
        }
      }
      const i = (py * size + px) * 4;
      png.data[i] = a ? Math.round(r / a) : 0;
      png.data[i + 1] = a ? Math.round(g / a) : 0;
      png.data[i + 2] = a ? Math.round(b / a) : 0;
      png.data[i + 3] = Math.round((a / samples ** 2) * 255);
    }
  }
  writeFileSync(join(PUBLIC, file), PNG.sync.write(png));
}

draw(192, false, 'icon-192.png');
draw(512, false, 'icon-512.png');
draw(192, true, 'icon-maskable-192.png');
draw(512, true, 'icon-maskable-512.png');
// iOS rounds the corners itself and shows black for transparency: the full square.
draw(180, true, 'apple-touch-icon.png');
