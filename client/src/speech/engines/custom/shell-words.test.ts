import { describe, expect, it } from 'vitest';
import { shellWords } from './shell-words';

describe('shellWords', () => {
  it('splits like bash: quotes, escapes and continuations', () => {
    expect(shellWords(`curl -H 'A: b c' "x \\"y\\" \\$z \\\` \\q" a\\ b \\\n --url`)).toEqual([
      'curl',
      '-H',
      'A: b c',
      'x "y" $z ` \\q',
      'a b',
      '--url',
    ]);
  });

  it("decodes $'…' escapes", () => {
    expect(shellWords(`$'a\\nb\\tc\\rd\\'e'`)).toEqual(["a\nb\tc\rd'e"]);
  });

  it('joins adjacent quoted pieces into one word and keeps empty quotes', () => {
    expect(shellWords(`a'b'"c" ''`)).toEqual(['abc', '']);
  });

  it('refuses unclosed quotes', () => {
    expect(() => shellWords(`curl 'abc`)).toThrow('unclosed single');
    expect(() => shellWords(`curl "abc`)).toThrow('unclosed double');
  });
});
