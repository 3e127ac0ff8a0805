import { describe, expect, it } from 'vitest';
import { CurlImportError, parseCurl } from './parse-curl';

const header = (t: ReturnType<typeof parseCurl>, name: string) =>
  t.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

describe('parseCurl', () => {
  it('reads an OpenAI-style command with continuations, re-indenting the JSON body', () => {
    const t = parseCurl(`curl https://api.openai.com/v1/audio/speech \\
  -H "Authorization: Bearer sk-1" \\
  -H "Content-Type: application/json" \\
  -d '{"model":"tts-1","input":"Hi","voice":"alloy","speed":1}' --output out.mp3`);
    expect(t.method).toBe('POST');
    expect(t.url).toBe('https://api.openai.com/v1/audio/speech');
    expect(header(t, 'authorization')).toBe('Bearer sk-1');
    expect(t.body).toBe('{\n  "model": "tts-1",\n  "input": "Hi",\n  "voice": "alloy",\n  "speed": 1\n}');
    expect(t.response.source).toBe('body');
  });

  it('takes -X, --request and -XPOST forms', () => {
    expect(parseCurl('curl -X PUT https://a.example').method).toBe('PUT');
    expect(parseCurl('curl --request get https://a.example').method).toBe('GET');
    expect(parseCurl('curl -XPOST https://a.example').method).toBe('POST');
  });

  it('defaults to GET without a body and POST with one', () => {
    expect(parseCurl('curl https://a.example').method).toBe('GET');
    expect(parseCurl('curl https://a.example -d a=1').method).toBe('POST');
  });

  it('lets a later header replace an earlier one, case-insensitively', () => {
    const t = parseCurl(`curl https://a.example -H 'X-Key: 1' --header 'x-key: 2'`);
    expect(t.headers).toEqual([{ name: 'x-key', value: '2' }]);
  });

  it('joins data flags with & and url-encodes --data-urlencode content', () => {
    const t = parseCurl(
      `curl https://a.example -d a=1 --data b=2 --data-raw c=3 --data-binary d=4 --data-ascii e=5 --data-urlencode 'text=a b&c'`,
    );
    expect(t.body).toBe('a=1&b=2&c=3&d=4&e=5&text=a%20b%26c');
    expect(header(t, 'content-type')).toBe('application/x-www-form-urlencoded');
  });

  it('takes a glued -d value', () => {
    expect(parseCurl(`curl https://a.example -d'x=1'`).body).toBe('x=1');
  });

  it('--json sets the body and JSON content type and accept', () => {
    const t = parseCurl(`curl --json '{"text":"hi"}' https://a.example`);
    expect(t.method).toBe('POST');
    expect(header(t, 'content-type')).toBe('application/json');
    expect(header(t, 'accept')).toBe('application/json');
    expect(JSON.parse(t.body)).toEqual({ text: 'hi' });
  });

  it('turns -u into Basic auth (UTF-8)', () => {
    expect(header(parseCurl('curl -u user:pässword https://a.example'), 'authorization')).toBe(
      `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode('user:pässword')))}`,
    );
    expect(header(parseCurl('curl --user a:b https://a.example'), 'authorization')).toBe(
      `Basic ${btoa('a:b')}`,
    );
  });

  it('takes --url, and skips the values of ignored flags so they are not taken for the URL', () => {
    const t = parseCurl(
      'curl -s -L --compressed -o out.mp3 --output o -m 5 --max-time 5 --connect-timeout 3 -A ua --user-agent ua -e r --referer r -x p --proxy p --retry 2 --url https://a.example/x',
    );
    expect(t.url).toBe('https://a.example/x');
    expect(t.method).toBe('GET');
  });

  it('keeps bare placeholders in a JSON body while re-indenting', () => {
    const t = parseCurl(
      `curl https://a.example -H 'Content-Type: application/json' -d '{"input":"{{text}}","speed":{{speed}}}'`,
    );
    expect(t.body).toBe('{\n  "input": "{{text}}",\n  "speed": {{speed}}\n}');
  });

  it('keeps a JSON-labelled body that is not JSON as typed', () => {
    expect(parseCurl(`curl https://a.example -H 'Content-Type: application/json' -d '{oops'`).body).toBe(
      '{oops',
    );
  });

  it('refuses commands that are not curl, have no URL, a bad method or a flag missing its value', () => {
    expect(() => parseCurl('wget https://a.example')).toThrow(CurlImportError);
    expect(() => parseCurl('curl -H "A: b"')).toThrow('no URL');
    expect(() => parseCurl('curl -X DELETE https://a.example')).toThrow('POST, GET or PUT');
    expect(() => parseCurl('curl https://a.example -H')).toThrow('needs a value');
    expect(() => parseCurl(`curl 'https://a.example`)).toThrow('unclosed');
  });

  it('drops the body of a GET', () => {
    expect(parseCurl('curl -X GET https://a.example -d a=1').body).toBe('');
  });
});
