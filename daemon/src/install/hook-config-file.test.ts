import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookConfigError, readHookConfig, writeHookConfig } from './hook-config-file';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ringback-hook-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('readHookConfig', () => {
  it('parses the file, and reads a missing or blank file as {}', async () => {
    const path = join(dir, 'settings.json');
    expect(await readHookConfig(path)).toEqual({});
    await writeFile(path, ' \n');
    expect(await readHookConfig(path)).toEqual({});
    await writeFile(path, '{ "model": "opus", "hooks": {} }');
    expect(await readHookConfig(path)).toEqual({ model: 'opus', hooks: {} });
  });

  it('refuses invalid JSON with a HookConfigError naming the file', async () => {
    const path = join(dir, 'settings.json');
    await writeFile(path, '{ "model": "opus", }');
    const error = await readHookConfig(path).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HookConfigError);
    expect((error as Error).message).toContain(path);
  });

  it('refuses JSON that is not an object', async () => {
    const path = join(dir, 'settings.json');
    for (const text of ['[]', 'null', '"hooks"', '3']) {
      await writeFile(path, text);
      await expect(readHookConfig(path), text).rejects.toThrow(HookConfigError);
    }
  });
});

describe('writeHookConfig', () => {
  it('creates a missing file, and its folders, private to the user, in 2-space JSON', async () => {
    const path = join(dir, 'new', '.claude', 'settings.json');
    await writeHookConfig(path, { hooks: { Stop: [] } });
    expect(await readFile(path, 'utf8')).toBe('{\n  "hooks": {\n    "Stop": []\n  }\n}\n');
    expect(await modeOf(path)).toBe(0o600);
    expect(await modeOf(join(dir, 'new', '.claude'))).toBe(0o700);
  });

  it('keeps the mode of an existing file and leaves no temporary file behind', async () => {
    const path = join(dir, 'settings.json');
    await writeFile(path, '{}');
    for (const mode of [0o644, 0o640, 0o664]) {
      await chmod(path, mode);
      await writeHookConfig(path, { mode: mode.toString(8) });
      expect(await modeOf(path)).toBe(mode);
      expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ mode: mode.toString(8) });
    }
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('writes through a symlinked settings file (dotfiles) instead of replacing the link', async () => {
    const dotfiles = join(dir, 'dotfiles');
    await mkdir(dotfiles);
    const target = join(dotfiles, 'claude-settings.json');
    await writeFile(target, '{"model":"opus"}');
    await chmod(target, 0o644);
    const link = join(dir, 'settings.json');
    await symlink(target, link);

    await writeHookConfig(link, { model: 'opus', hooks: {} });
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(JSON.parse(await readFile(target, 'utf8'))).toEqual({ model: 'opus', hooks: {} });
    expect(await modeOf(target)).toBe(0o644);
  });
});
