import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATE,
  type HttpTemplate,
  placeholderValues,
  renderTemplate,
  substitute,
  templateProblem,
} from './template';

const values = {
  text: 'He said "a<b" & c/d',
  voice: 'v 1',
  speed: '1.25',
  language: 'en-US',
  uuid: 'u',
  timestamp: '7',
};

function template(partial: Partial<HttpTemplate>): HttpTemplate {
  return { ...DEFAULT_TEMPLATE, ...partial };
}

describe('substitute', () => {
  it('fills known names, allows spaces in braces and leaves unknown names', () => {
    expect(substitute('{{ text }}|{{voice}}|{{nope}}', values, (v) => v)).toBe(
      'He said "a<b" & c/d|v 1|{{nope}}',
    );
  });
});

describe('placeholderValues', () => {
  it('rounds speed to 2 decimals and gives unix seconds and a v4 uuid', () => {
    const v = placeholderValues(
      { text: 't', voice: 'v', rate: 1.23456, language: 'de-DE' },
      1_700_000_000_999,
    );
    expect(v.speed).toBe('1.23');
    expect(v.timestamp).toBe('1700000000');
    expect(v.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('renderTemplate', () => {
  it('URI-encodes URL values and keeps header values raw', () => {
    const r = renderTemplate(
      template({
        url: 'https://a.example/tts?q={{text}}&v={{voice}}',
        headers: [{ name: 'X-Voice', value: '{{voice}}' }],
      }),
      values,
    );
    expect(r.url).toBe(`https://a.example/tts?q=${encodeURIComponent(values.text)}&v=v%201`);
    expect(r.headers).toEqual([['X-Voice', 'v 1']]);
  });

  it('escapes JSON bodies as JSON strings and renders an unquoted speed as a number', () => {
    const r = renderTemplate(DEFAULT_TEMPLATE, values);
    expect(JSON.parse(r.body ?? '')).toEqual({
      model: 'tts-1',
      input: values.text,
      voice: 'v 1',
      speed: 1.25,
    });
  });

  it('escapes form bodies with encodeURIComponent', () => {
    const r = renderTemplate(
      template({
        headers: [{ name: 'content-type', value: 'application/x-www-form-urlencoded' }],
        body: 'text={{text}}',
      }),
      values,
    );
    expect(r.body).toBe(`text=${encodeURIComponent(values.text)}`);
  });

  it('escapes XML and SSML bodies with entities', () => {
    const r = renderTemplate(
      template({
        headers: [{ name: 'Content-Type', value: 'application/ssml+xml' }],
        body: '<speak>{{text}}</speak>',
      }),
      values,
    );
    expect(r.body).toBe('<speak>He said &quot;a&lt;b&quot; &amp; c/d</speak>');
  });

  it('leaves other bodies raw', () => {
    const r = renderTemplate(
      template({ headers: [{ name: 'Content-Type', value: 'text/plain' }], body: '{{text}}' }),
      values,
    );
    expect(r.body).toBe(values.text);
  });

  it('never sends a body with GET', () => {
    expect(
      renderTemplate(template({ method: 'GET', url: 'https://a.example/?t={{text}}' }), values).body,
    ).toBeUndefined();
  });
});

describe('templateProblem', () => {
  it('accepts the default template', () => {
    expect(templateProblem(DEFAULT_TEMPLATE)).toBeNull();
  });

  it('asks for a template when there is none', () => {
    expect(templateProblem(undefined)).toMatch(/cURL/);
  });

  it('refuses a URL that is not http(s) or does not parse', () => {
    expect(templateProblem(template({ url: 'ftp://a.example/{{text}}' }))).toMatch(/http/);
    expect(templateProblem(template({ url: 'not a url' }))).toMatch(/not a valid URL/);
  });

  it('accepts placeholders in the URL host or path once substituted', () => {
    expect(
      templateProblem(template({ method: 'GET', url: 'https://a.example/{{voice}}?t={{ text }}' })),
    ).toBeNull();
  });

  it('requires {{text}} somewhere it is sent', () => {
    expect(templateProblem(template({ body: '{"input":"hello"}' }))).toMatch(/\{\{text\}\}/);
    expect(templateProblem(template({ method: 'GET', url: 'https://a.example/' }))).toMatch(/\{\{text\}\}/);
    expect(
      templateProblem(template({ body: '', headers: [{ name: 'X-Text', value: '{{text}}' }] })),
    ).toBeNull();
  });

  it('requires a path for a JSON answer', () => {
    const response = { ...DEFAULT_TEMPLATE.response, source: 'json' as const, path: '' };
    expect(templateProblem(template({ response }))).toMatch(/where the audio is/);
    expect(templateProblem(template({ response: { ...response, path: 'data.audio' } }))).toBeNull();
  });

  it('refuses an unknown method', () => {
    expect(templateProblem(template({ method: 'DELETE' as 'GET' }))).toMatch(/method/);
  });
});
