import { describe, expect, it } from 'vitest';
import { VoiceHttpError } from '../../tts-engine';
import { femaleFirst, namingPlatform, platformHttpError, platformMessage } from './platform-error';

describe('platformMessage', () => {
  it('finds the message in each platform error shape', () => {
    expect(platformMessage({ error: { message: 'a' } })).toBe('a');
    expect(platformMessage({ error: 'b' })).toBe('b');
    expect(platformMessage({ code: 'X', message: 'c' })).toBe('c');
    expect(platformMessage({ detail: { status: 's', message: 'd' } })).toBe('d');
    expect(platformMessage({ detail: [{ msg: 'e' }] })).toBe('e');
    expect(platformMessage({ base_resp: { status_code: 1, status_msg: 'f' } })).toBe('f');
    expect(platformMessage({ header: { code: 1, message: 'g' } })).toBe('g');
    expect(platformMessage('nope')).toBeUndefined();
  });
});

describe('platformHttpError', () => {
  it('names the platform, the status and the body text when it is not JSON', async () => {
    const error = await platformHttpError('P', new Response('<html>oops</html>', { status: 503 }));
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect(error.status).toBe(503);
    expect(error.message).toBe('P answered 503: <html>oops</html>');
    expect((await platformHttpError('P', new Response(null, { status: 401 }))).message).toBe(
      'P answered 401',
    );
  });
});

describe('namingPlatform and femaleFirst', () => {
  it('prefixes unnamed voice errors once and passes other errors through', async () => {
    await expect(
      namingPlatform('P', () => Promise.reject(new VoiceHttpError('no audio', 400))),
    ).rejects.toMatchObject({ message: 'P: no audio', status: 400 });
    await expect(namingPlatform('P', () => Promise.reject(new VoiceHttpError('P error 1')))).rejects.toThrow(
      /^P error 1$/,
    );
    const abort = new DOMException('aborted', 'AbortError');
    await expect(namingPlatform('P', () => Promise.reject(abort))).rejects.toBe(abort);
  });

  it('moves female voices first and keeps the order within each group', () => {
    const voices = [
      { id: 'm1', gender: 'male' },
      { id: 'f1', gender: 'female' },
      { id: 'n1' },
      { id: 'f2', gender: 'female' },
    ];
    expect(femaleFirst(voices).map((v) => v.id)).toEqual(['f1', 'f2', 'm1', 'n1']);
  });
});
