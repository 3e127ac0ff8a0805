import { createCipheriv, createDecipheriv, createHash, pbkdf2 } from 'node:crypto';
import { type CryptoBackend, type SealingKey, sealingKeyFromText } from '@ringback/protocol';

const TAG_BYTES = 16;

const bytesOf = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/**
 * The e2e primitives by node:crypto, run in place. WebCrypto in Node makes each AES-GCM call a
 * job on the thread pool and a promise to wake up for; a request to the computer seals a frame
 * for every piece of its answer, so that round trip sat on the path of every piece a phone hears.
 * AES-GCM runs at about a gigabyte a second: a frame (at most 128 KB sealed) takes microseconds,
 * no longer than parsing its JSON. PBKDF2 stays off the event loop (architecture: nothing blocks).
 */
export const nodeCryptoBackend: CryptoBackend = {
  name: 'node:crypto',

  async sha256(data) {
    return bytesOf(createHash('sha256').update(data).digest());
  },

  pbkdf2Sha256(password, salt, iterations, length) {
    return new Promise((resolve, reject) =>
      pbkdf2(password, salt, iterations, length, 'sha256', (error, key) =>
        error ? reject(error) : resolve(bytesOf(key)),
      ),
    );
  },

  async aesGcmEncrypt(key, iv, plaintext, aad) {
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(aad);
    return bytesOf(Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]));
  },

  async aesGcmDecrypt(key, iv, ciphertextWithTag, aad) {
    if (ciphertextWithTag.length < TAG_BYTES) throw new Error('the ciphertext is shorter than its tag');
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(aad);
    decipher.setAuthTag(ciphertextWithTag.subarray(ciphertextWithTag.length - TAG_BYTES));
    const body = ciphertextWithTag.subarray(0, ciphertextWithTag.length - TAG_BYTES);
    // `final` throws when the tag does not verify: nothing of the plaintext is returned then.
    return bytesOf(Buffer.concat([decipher.update(body), decipher.final()]));
  },
};

/** The daemon's e2e key (`k1_` text, as daemon.json holds it) for sealing and opening in place. */
export function nodeSealingKey(text: string): Promise<SealingKey> {
  return sealingKeyFromText(text, nodeCryptoBackend);
}
