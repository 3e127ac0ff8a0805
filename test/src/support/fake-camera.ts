import { writeFile } from 'node:fs/promises';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A Y4M video (what Chromium's `--use-file-for-fake-video-capture` plays as the camera) showing
 * the QR code of `text`, black on white with its quiet zone, as a phone would see a printed code.
 */
export async function writeQrCameraFile(path: string, text: string): Promise<void> {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const quiet = 4;
  // Small enough to sit inside the scanner's centre region (two thirds of the shorter side), as a
  // code held at arm's length does.
  const scale = Math.max(2, Math.floor((HEIGHT * 0.6) / (modules + 2 * quiet)));
  const left = Math.floor((WIDTH - modules * scale) / 2);
  const top = Math.floor((HEIGHT - modules * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * WIDTH + left + col * scale;
        luma.fill(16, start, start + scale);
      }
    }
  }
  // 4:2:0 chroma at the neutral value: a grey picture.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(path, Buffer.concat([header, frame, frame]));
}

/** The same code as a PNG picture, for the welcome page's "Choose a picture". */
export async function qrPicture(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale: 6 });
}
