import { describe, expect, it } from 'vitest';
import {
  COMPUTER_ANSWER_AUDIO_CHUNK_BYTES,
  COMPUTER_AUDIO_MAX_BYTES,
  COMPUTER_REQUEST_SEALED_MAX,
  ComputerAnswerFrame,
  ComputerAnswerLine,
  ComputerRequestBody,
  ComputerRequestPlaintext,
  isFinalAnswerFrame,
} from './computer-requests';
import { Aad } from './crypto/aad';
import { generateE2eKey } from './crypto/e2e-key';
import { OpenError } from './crypto/open-error';
import { open, seal } from './crypto/seal';
import { createParser } from './parse';
import { DaemonToRelay, RelayToDaemon } from './replies';

const request = createParser(ComputerRequestPlaintext);
const frame = createParser(ComputerAnswerFrame);
const line = createParser(ComputerAnswerLine);
const body = createParser(ComputerRequestBody);

describe('computer request schemas', () => {
  it('take each kind of request', () => {
    expect(
      request.check({
        kind: 'model.answer',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'What failed?' },
        ],
        issuedAt: 1,
      }),
    ).toBe(true);
    expect(
      request.check({
        kind: 'speech.synthesize',
        text: 'Hello there.',
        language: 'en-US',
        voice: { voice: 'alloy', speed: 1.2, format: 'mp3' },
        issuedAt: 1,
      }),
    ).toBe(true);
    expect(
      request.check({
        kind: 'speech.transcribe',
        audio: 'AAEC',
        mimeType: 'audio/webm',
        language: 'de',
        issuedAt: 1,
      }),
    ).toBe(true);
  });

  it('refuse what does not fit', () => {
    expect(request.check({ kind: 'model.answer', messages: [], issuedAt: 1 })).toBe(false);
    expect(
      request.check({ kind: 'model.answer', messages: [{ role: 'tool', content: 'x' }], issuedAt: 1 }),
    ).toBe(false);
    expect(request.check({ kind: 'speech.synthesize', text: '', language: 'en', issuedAt: 1 })).toBe(false);
    expect(
      request.check({
        kind: 'speech.synthesize',
        text: 'x',
        language: 'en',
        voice: { speed: 9 },
        issuedAt: 1,
      }),
    ).toBe(false);
    expect(
      request.check({ kind: 'speech.transcribe', audio: 'not base64!', mimeType: 'a/b', issuedAt: 1 }),
    ).toBe(false);
    expect(request.check({ kind: 'shell.run', issuedAt: 1 })).toBe(false);
    // The audio cap, as base64.
    const tooLong = 'A'.repeat(Math.ceil((COMPUTER_AUDIO_MAX_BYTES + 3) / 3) * 4);
    expect(request.check({ kind: 'speech.transcribe', audio: tooLong, mimeType: 'a/b', issuedAt: 1 })).toBe(
      false,
    );
  });

  it('bound the HTTP body and its sealed request', () => {
    expect(body.check({ requestId: 'r-1', sealed: 'e1.x' })).toBe(true);
    expect(body.check({ requestId: 'r 1', sealed: 'e1.x' })).toBe(false);
    expect(body.check({ requestId: 'r1', sealed: 'plain' })).toBe(false);
    expect(body.check({ requestId: 'r1', sealed: `e1.${'a'.repeat(COMPUTER_REQUEST_SEALED_MAX)}` })).toBe(
      false,
    );
    // The largest recording fits, sealed: base64 inside JSON, then base64url of the ciphertext.
    expect(Math.ceil(((COMPUTER_AUDIO_MAX_BYTES * 4) / 3 + 1024) * (4 / 3)) + 100).toBeLessThan(
      COMPUTER_REQUEST_SEALED_MAX,
    );
  });

  it('frame the answer; only end and error are final', () => {
    for (const value of [
      { type: 'text', delta: 'Hel' },
      { type: 'audio', mimeType: 'audio/mpeg', data: 'AAEC' },
      { type: 'transcript', text: 'hello' },
      { type: 'end' },
      { type: 'error', error: 'upstream_failed', message: 'HTTP 500' },
    ])
      expect(frame.check(value), JSON.stringify(value)).toBe(true);
    expect(isFinalAnswerFrame({ type: 'end' })).toBe(true);
    expect(isFinalAnswerFrame({ type: 'error', error: 'x' })).toBe(true);
    expect(isFinalAnswerFrame({ type: 'text', delta: 'x' })).toBe(false);
    expect(COMPUTER_ANSWER_AUDIO_CHUNK_BYTES).toBeLessThanOrEqual(64 * 1024);
    expect(line.check({ seq: 0, sealed: 'e1.x' })).toBe(true);
    expect(line.check({ error: 'device_offline', message: 'gone' })).toBe(true);
    expect(line.check({ seq: -1, sealed: 'e1.x' })).toBe(false);
  });

  it('travel on the daemon link', () => {
    const down = createParser(RelayToDaemon);
    const up = createParser(DaemonToRelay);
    expect(down.check({ type: 'computer-request', requestId: 'r', sealed: 'e1.x' })).toBe(true);
    expect(down.check({ type: 'computer-cancel', requestId: 'r' })).toBe(true);
    expect(down.check({ type: 'computer-ack', requestId: 'r', seq: 3 })).toBe(true);
    expect(up.check({ type: 'computer-frame', requestId: 'r', seq: 0, sealed: 'e1.x', last: false })).toBe(
      true,
    );
    expect(up.check({ type: 'computer-refused', requestId: 'r', error: 'undecryptable_request' })).toBe(true);
  });
});

describe('computer request AADs', () => {
  it('make a request sealed for one computer unusable on another computer of the account', async () => {
    const key = generateE2eKey();
    for (const aad of [Aad.computerRequest, Aad.settingsRequest]) {
      const sealed = await seal(key, '{"issuedAt":1}', aad('dev-laptop', 'r1'));
      expect(await open(key, sealed, aad('dev-laptop', 'r1'))).toContain('issuedAt');
      await expect(open(key, sealed, aad('dev-desktop', 'r1'))).rejects.toBeInstanceOf(OpenError);
    }
  });

  it('name the purpose, the computer, the request and each frame', async () => {
    expect(Aad.computerRequest('dev-laptop', 'r1')).toBe('ringback:computer-request:v2:dev-laptop:r1');
    expect(Aad.settingsRequest('dev-laptop', 'r1')).toBe('ringback:settings-request:v2:dev-laptop:r1');
    expect(Aad.computerAnswer('r1', 4)).toBe('ringback:computer-answer:v1:r1:4');
  });

  it('make a frame unusable at another position, in another answer, or as a request', async () => {
    const key = generateE2eKey();
    const sealed = await seal(
      key,
      JSON.stringify({ type: 'text', delta: 'secret' }),
      Aad.computerAnswer('r1', 1),
    );
    expect(await open(key, sealed, Aad.computerAnswer('r1', 1))).toContain('secret');
    for (const aad of [
      Aad.computerAnswer('r1', 2),
      Aad.computerAnswer('r2', 1),
      Aad.computerRequest('d1', 'r1'),
    ])
      await expect(open(key, sealed, aad), aad).rejects.toBeInstanceOf(OpenError);
  });
});
