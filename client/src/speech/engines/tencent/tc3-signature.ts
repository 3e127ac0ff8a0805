import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';

export interface Tc3Request {
  readonly secretId: string;
  readonly secretKey: string;
  /** e.g. `tts`. */
  readonly service: string;
  /** e.g. `tts.tencentcloudapi.com`. */
  readonly host: string;
  /** Exactly the Content-Type header that is sent: it is part of the signature. */
  readonly contentType: string;
  /** Exactly the body that is sent. */
  readonly body: string;
  /** Unix seconds, also sent as `X-TC-Timestamp`. */
  readonly timestamp: number;
}

const sha256Hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
const mac = (key: Uint8Array, text: string) => hmac(sha256, key, utf8ToBytes(text));

/**
 * The `Authorization` header of a Tencent Cloud API 3.0 POST (TC3-HMAC-SHA256), signing
 * `content-type;host`. Pure JS (@noble/hashes) rather than WebCrypto, because `crypto.subtle` is
 * missing on a page served over plain http://<LAN address>.
 */
export function tc3Authorization(request: Tc3Request): string {
  // The credential date is the UTC day of the timestamp: a local date fails around midnight.
  const date = new Date(request.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${request.contentType}\nhost:${request.host}\n`,
    'content-type;host',
    sha256Hex(request.body),
  ].join('\n');
  const scope = `${date}/${request.service}/tc3_request`;
  const stringToSign = [TC3_ALGORITHM, String(request.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const secretDate = mac(utf8ToBytes(`TC3${request.secretKey}`), date);
  const secretService = mac(secretDate, request.service);
  const secretSigning = mac(secretService, 'tc3_request');
  const signature = bytesToHex(mac(secretSigning, stringToSign));
  return `${TC3_ALGORITHM} Credential=${request.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}
