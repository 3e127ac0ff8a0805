import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Tc3Request, tc3Authorization } from './tc3-signature';

/** The TC3 algorithm as Tencent's docs describe it, written independently with node:crypto. */
function nodeSignature(request: Tc3Request): string {
  const date = new Date(request.timestamp * 1000).toISOString().slice(0, 10);
  const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  const canonical = `POST\n/\n\ncontent-type:${request.contentType}\nhost:${request.host}\n\ncontent-type;host\n${hash(request.body)}`;
  const scope = `${date}/${request.service}/tc3_request`;
  const toSign = `TC3-HMAC-SHA256\n${request.timestamp}\n${scope}\n${hash(canonical)}`;
  const kDate = createHmac('sha256', `TC3${request.secretKey}`).update(date).digest();
  const kService = createHmac('sha256', kDate).update(request.service).digest();
  const kSigning = createHmac('sha256', kService).update('tc3_request').digest();
  return createHmac('sha256', kSigning).update(toSign).digest('hex');
}

const ttsRequest: Tc3Request = {
  secretId: 'AKIDexampleid',
  secretKey: 'example-secret-key',
  service: 'tts',
  host: 'tts.tencentcloudapi.com',
  contentType: 'application/json',
  body: JSON.stringify({ Text: '你好，世界', VoiceType: 403001, Speed: 0.5 }),
  timestamp: 1_767_225_599, // 2025-12-31T23:59:59Z: the date must be the UTC day
};

describe('tc3Authorization', () => {
  it('matches an independent node:crypto computation', () => {
    const header = tc3Authorization(ttsRequest);
    expect(header).toBe(
      `TC3-HMAC-SHA256 Credential=AKIDexampleid/2025-12-31/tts/tc3_request, SignedHeaders=content-type;host, Signature=${nodeSignature(ttsRequest)}`,
    );
  });

  it('uses the given service, host and content type', () => {
    const request: Tc3Request = {
      ...ttsRequest,
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      contentType: 'application/json; charset=utf-8',
      timestamp: 1551113065,
    };
    expect(tc3Authorization(request)).toContain('/2019-02-25/cvm/tc3_request,');
    expect(tc3Authorization(request)).toContain(`Signature=${nodeSignature(request)}`);
  });

  it('changes when the body changes', () => {
    expect(tc3Authorization(ttsRequest)).not.toBe(tc3Authorization({ ...ttsRequest, body: '{}' }));
  });
});
