import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl } from './normalize-base-url';

describe('normalizeBaseUrl', () => {
  it.each([
    ['api.openai.com', 'https://api.openai.com/v1'],
    ['https://api.openai.com', 'https://api.openai.com/v1'],
    ['https://api.openai.com/', 'https://api.openai.com/v1'],
    ['  https://api.openai.com/v1///  ', 'https://api.openai.com/v1'],
    ['https://api.openai.com/v1/chat/completions', 'https://api.openai.com/v1'],
    ['https://api.openai.com/v1/chat/completions/', 'https://api.openai.com/v1'],
    ['https://api.openai.com/v1/models', 'https://api.openai.com/v1'],
    ['https://api.openai.com/chat/completions', 'https://api.openai.com/v1'],
    ['https://openrouter.ai/api/v1', 'https://openrouter.ai/api/v1'],
    [
      'https://generativelanguage.googleapis.com/v1beta/openai/',
      'https://generativelanguage.googleapis.com/v1beta/openai',
    ],
    ['localhost:11434', 'http://localhost:11434/v1'],
    ['127.0.0.1:8080/v1', 'http://127.0.0.1:8080/v1'],
    ['192.168.1.5:1234', 'http://192.168.1.5:1234/v1'],
    ['172.20.0.2', 'http://172.20.0.2/v1'],
    ['172.40.0.2', 'https://172.40.0.2/v1'],
    ['[::1]:8000', 'http://[::1]:8000/v1'],
    ['http://my-box.local:8000/v1/', 'http://my-box.local:8000/v1'],
    ['HTTPS://API.Example.com/V1', 'https://api.example.com/V1'],
    ['https://api.example.com/v1?x=1#frag', 'https://api.example.com/v1'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeBaseUrl(input)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['ftp://example.com'],
    ['http://'],
    ['https://exa mple.com'],
    ['javascript:alert(1)'],
  ])('refuses %j', (input) => {
    expect(normalizeBaseUrl(input)).toBeNull();
  });
});
