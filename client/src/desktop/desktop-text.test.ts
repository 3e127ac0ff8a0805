import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZH_CATALOGUE } from '../i18n/catalogue';

/** Every `t('…')` sentence of the desktop pages, however it is wrapped over lines. */
function sentences(): string[] {
  const dir = import.meta.dirname;
  const found = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.tsx'))) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const match of source.matchAll(/\bt\(\s*'((?:[^'\\]|\\.)*)'/g)) if (match[1]) found.add(match[1]);
  }
  return [...found];
}

describe('the desktop pages in Chinese', () => {
  it('has every sentence translated', () => {
    const words = sentences();
    expect(words.length).toBeGreaterThan(15);
    expect(words.filter((english) => !ZH_CATALOGUE[english])).toEqual([]);
  });
});
