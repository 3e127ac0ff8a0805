import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// The hook's request (the command, the file, the agent's words) goes to whatever listens on the
// daemon's port: when the daemon is down that may be any local program, another user's on a
// shared machine. So the hook seals it under a key only this user's running daemon can derive:
// AES-256-GCM under HKDF-SHA256 of the daemon's answer key (read from its mode-600 file), bound
// to the request's nonce and agent. Another program on the port gets ciphertext it cannot open.

const INFO = 'ringback-permission-request/1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const requestKey = (secret: Buffer): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32));
const aad = (nonce: string, agent: string): Buffer => Buffer.from(JSON.stringify([INFO, nonce, agent]));

/** The request body sealed for the daemon holding `secret`: iv, ciphertext, tag. */
export function sealPermissionRequest(secret: Buffer, nonce: string, agent: string, body: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', requestKey(secret), iv);
  cipher.setAAD(aad(nonce, agent));
  const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]);
}

/** The body, or null when it was not sealed under `secret` for this nonce and agent. */
export function openPermissionRequest(
  secret: Buffer,
  nonce: string,
  agent: string,
  sealed: Buffer,
): string | null {
  if (sealed.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', requestKey(secret), sealed.subarray(0, IV_BYTES));
    decipher.setAAD(aad(nonce, agent));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const body = Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return body.toString('utf8');
  } catch {
    return null;
  }
}
