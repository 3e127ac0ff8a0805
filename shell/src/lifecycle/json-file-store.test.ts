import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJsonFileStore } from './json-file-store';

let dir: string;
const logged: string[] = [];
const log = (line: string) => {
  logged.push(line);
};
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ringback-store-'));
  logged.length = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the shell store file', () => {
  it('starts empty where there is no file, and writes none until something is set', async () => {
    const store = openJsonFileStore({ dir, name: 'shell', log });
    expect(store.get('language')).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('keeps what is set in <dir>/<name>.json, readable by the owner only, and reads it back at the next start', async () => {
    const store = openJsonFileStore({ dir, name: 'shell', log });
    store.set('language', 'zh');
    store.set('bounds', { x: 1, y: 2, width: 900, height: 700 });
    const file = join(dir, 'shell.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      language: 'zh',
      bounds: { x: 1, y: 2, width: 900, height: 700 },
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // The temp file was renamed over the target: nothing else is left beside it.
    expect(await readdir(dir)).toEqual(['shell.json']);

    const again = openJsonFileStore({ dir, name: 'shell', log });
    expect(again.get('language')).toBe('zh');
    expect(again.get('bounds')).toEqual({ x: 1, y: 2, width: 900, height: 700 });
  });

  it('creates the folder it keeps the file in', async () => {
    const nested = join(dir, 'Ringback');
    openJsonFileStore({ dir: nested, name: 'shell', log }).set('closeToTray', false);
    expect(JSON.parse(await readFile(join(nested, 'shell.json'), 'utf8'))).toEqual({ closeToTray: false });
  });

  it.each([
    ['not JSON', '{"language": "zh"'],
    ['not an object', '[1, 2]'],
  ])('puts a file that is %s aside, starts empty and says why', async (_, content) => {
    await writeFile(join(dir, 'shell.json'), content);
    const store = openJsonFileStore({ dir, name: 'shell', log });
    expect(store.get('language')).toBeUndefined();
    const files = await readdir(dir);
    const aside = files.find((file) => file.startsWith('shell.json.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside as string), 'utf8')).toBe(content);
    expect(files).not.toContain('shell.json');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/shell\.json could not be read .*; it was moved to .*shell\.json\.corrupt-/);

    store.set('language', 'en');
    expect(JSON.parse(await readFile(join(dir, 'shell.json'), 'utf8'))).toEqual({ language: 'en' });
  });

  it('keeps working in memory when the file cannot be written, and says why once', async () => {
    // A folder where the file should be: the rename over it fails.
    await writeFile(join(dir, 'blocker'), '');
    const store = openJsonFileStore({ dir: join(dir, 'blocker'), name: 'shell', log });
    store.set('language', 'zh');
    store.set('closeToTray', true);
    expect(store.get('language')).toBe('zh');
    expect(store.get('closeToTray')).toBe(true);
    expect(logged.filter((line) => /could not be saved/.test(line))).toHaveLength(1);
  });
});
