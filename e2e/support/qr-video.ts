/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): a few frames of raw YUV
 * 4:2:0 (YUV4MPEG2) showing a QR code, black on white, as a phone held up to the desk's camera would.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import QRCode from 'qrcode';
import { CHROMIUM_ARGS } from '../../bench/web/chromium-flags';

const W = 640;
const H = 480;

/** Writes to `file` a video of `text` as a QR code, at `framesPerSecond`. */
export function writeQrVideo(text: string, file: string, framesPerSecond = 5): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor(Math.min(W, H) / (modules.size + 2 * quiet));
  const side = (modules.size + 2 * quiet) * scale;
  const left = Math.floor((W - side) / 2);
  const top = Math.floor((H - side) / 2);
  const luma = Buffer.alloc(W * H, 255);
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (!modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (top + (y + quiet) * scale + dy) * W;
        luma.fill(0, row + left + (x + quiet) * scale, row + left + (x + quiet + 1) * scale);
      }
    }
  }
  // Both colour planes grey: no colour.
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F${framesPerSecond}:1 Ip A1:1 C420jpeg\n`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
}

/** A Chromium whose camera plays `video`, allowed without asking. */
export function browserWithCamera(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
