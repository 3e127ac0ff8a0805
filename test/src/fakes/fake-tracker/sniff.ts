/** Known extensions override the sniffed type, as Multica's upload handler does. */
const BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  md: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  mp4: 'video/mp4',
};

/** Content type from the bytes (a small subset of Go's http.DetectContentType), extension first. */
export function sniffContentType(bytes: Buffer, filename: string): string {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  const known = BY_EXTENSION[ext];
  if (known) return known;
  const head = (n: number) => bytes.subarray(0, n);
  if (head(8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head(3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (head(4).toString('latin1') === 'GIF8') return 'image/gif';
  if (head(4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (head(5).toString('latin1') === '%PDF-') return 'application/pdf';
  const sample = head(512);
  if (sample.length > 0 && !sample.includes(0)) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}
