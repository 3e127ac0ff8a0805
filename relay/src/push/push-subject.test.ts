import { describe, expect, it } from 'vitest';
import { PushSubjectError, resolvePushSubject } from './push-subject';

describe('resolvePushSubject', () => {
  it('takes a mailto: address or an https URL that a push service accepts', () => {
    expect(resolvePushSubject({ explicit: 'mailto:ops@example.com' })).toEqual({
      subject: 'mailto:ops@example.com',
    });
    expect(
      resolvePushSubject({ explicit: 'https://relay.example.com/', publicUrl: 'http://127.0.0.1:8791' }),
    ).toEqual({ subject: 'https://relay.example.com/' });
  });

  it('refuses an explicit subject Apple would reject, saying why', () => {
    const refused: [string, RegExp][] = [
      ['https://localhost:8791', /localhost.*Apple/],
      ['https://127.0.0.1', /local address.*Apple/],
      ['https://[::1]:8443', /local address/],
      ['https://ringback.local', /local address/],
      ['https://phone.localhost', /local address/],
      ['http://relay.example.com', /https/],
      ['mailto:', /mailto:/],
      ['ops@example.com', /mailto:.*https/],
      ['', /mailto:.*https/],
    ];
    for (const [explicit, why] of refused) {
      expect(() => resolvePushSubject({ explicit }), explicit).toThrow(PushSubjectError);
      expect(() => resolvePushSubject({ explicit }), explicit).toThrow(why);
    }
  });

  it('uses the public URL’s origin when it is https and not a local address', () => {
    expect(resolvePushSubject({ publicUrl: 'https://relay.example.com/some/path' })).toEqual({
      subject: 'https://relay.example.com',
    });
    expect(resolvePushSubject({ publicUrl: 'https://ringback.tail1234.ts.net:8443' })).toEqual({
      subject: 'https://ringback.tail1234.ts.net:8443',
    });
  });

  it('turns push off, saying how to turn it on, when neither gives a usable subject', () => {
    for (const publicUrl of [
      undefined,
      'http://127.0.0.1:8791',
      'https://localhost:8791',
      'http://relay.example.com',
    ]) {
      const resolved = resolvePushSubject(publicUrl === undefined ? {} : { publicUrl });
      expect(resolved, publicUrl).toEqual({
        off: expect.stringMatching(/--push-subject mailto:.*RINGBACK_PUSH_SUBJECT/),
      });
      expect('off' in resolved && resolved.off, publicUrl).toMatch(/https/);
    }
  });
});
