// The part of `http_ece` (RFC 8188 encrypted content coding, the library web-push encrypts with)
// the relay uses: aes128gcm encryption for one device's key, with a sender key pair of ours.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  const ece: {
    encrypt(
      content: Buffer,
      params: { version: 'aes128gcm'; dh: Buffer; privateKey: ECDH; salt: Buffer; authSecret: Buffer },
    ): Buffer;
  };
  export = ece;
}
