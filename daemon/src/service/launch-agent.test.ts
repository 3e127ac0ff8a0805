import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeHost, recordingRunner } from './fake-runner';
import { launchAgentPlist, launchAgentService } from './launch-agent';

type PlistValue = string | boolean | PlistValue[] | { [key: string]: PlistValue };

/** A small reader for the plist subset we write: dict, array, key, string, true, false. */
function parsePlist(text: string): PlistValue {
  let at = 0;
  const tag = (): { name: string; closing: boolean; empty: boolean } => {
    for (;;) {
      const open = text.indexOf('<', at);
      const close = text.indexOf('>', open);
      if (open < 0 || close < 0) throw new Error('plist ended early');
      const inner = text.slice(open + 1, close);
      at = close + 1;
      if (inner.startsWith('?') || inner.startsWith('!')) continue;
      const closing = inner.startsWith('/');
      const empty = inner.endsWith('/');
      const name = inner.replace(/^\//, '').replace(/\/$/, '').split(' ')[0] ?? '';
      return { name, closing, empty };
    }
  };
  const unescapeXml = (raw: string) => {
    if (raw.includes('<')) throw new Error(`raw < inside text: ${raw}`);
    const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    return raw
      .split('&')
      .map((part, i) => {
        if (i === 0) return part;
        const end = part.indexOf(';');
        const entity = entities[part.slice(0, end)];
        if (end < 0 || entity === undefined) throw new Error(`bad entity in ${raw}`);
        return entity + part.slice(end + 1);
      })
      .join('');
  };
  const textUntilClose = (name: string) => {
    const end = text.indexOf(`</${name}>`, at);
    const raw = text.slice(at, end);
    at = end + name.length + 3;
    return unescapeXml(raw);
  };
  const value = (start = tag()): PlistValue => {
    if (start.name === 'true' && start.empty) return true;
    if (start.name === 'false' && start.empty) return false;
    if (start.name === 'string') return textUntilClose('string');
    if (start.name === 'array') {
      const items: PlistValue[] = [];
      for (let next = tag(); !next.closing; next = tag()) items.push(value(next));
      return items;
    }
    if (start.name === 'dict') {
      const dict: { [key: string]: PlistValue } = {};
      for (let next = tag(); !next.closing; next = tag()) {
        if (next.name !== 'key') throw new Error(`expected <key>, got <${next.name}>`);
        const key = textUntilClose('key');
        dict[key] = value();
      }
      return dict;
    }
    if (start.name === 'plist') {
      const inner = value();
      if (!tag().closing) throw new Error('more than one value in <plist>');
      return inner;
    }
    throw new Error(`unexpected <${start.name}>`);
  };
  return value();
}

const home = () => mkdtemp(join(tmpdir(), 'ringback-launchd-'));

describe('LaunchAgent', () => {
  it('plist: label, node + script + run, at load, kept alive, logs under ~/Library/Logs/Ringback, escaped', () => {
    const plist = launchAgentPlist('/Users/a&b', '/opt/<node>/node', '/Users/a&b/"ring\'back".mjs', {
      PATH: '/x&y',
    });
    expect(parsePlist(plist)).toEqual({
      Label: 'dev.ringback.daemon',
      ProgramArguments: ['/opt/<node>/node', '/Users/a&b/"ring\'back".mjs', 'run'],
      RunAtLoad: true,
      KeepAlive: true,
      StandardOutPath: '/Users/a&b/Library/Logs/Ringback/daemon.log',
      StandardErrorPath: '/Users/a&b/Library/Logs/Ringback/daemon.err.log',
      EnvironmentVariables: { PATH: '/x&y' },
    });
  });

  it('install writes the plist (0644) and the log folder, then bootstraps it in gui/<uid>', async () => {
    const dir = await home();
    const { run, calls } = recordingRunner((line) =>
      line.startsWith('launchctl print') ? { code: 113 } : undefined,
    );
    await launchAgentService(fakeHost('darwin', dir, run)).install();
    const path = join(dir, 'Library/LaunchAgents/dev.ringback.daemon.plist');
    expect(calls).toEqual([
      ['launchctl', 'print', 'gui/501/dev.ringback.daemon'],
      ['launchctl', 'bootstrap', 'gui/501', path],
    ]);
    expect((await stat(path)).mode & 0o777).toBe(0o644);
    expect((await stat(join(dir, 'Library/Logs/Ringback'))).isDirectory()).toBe(true);
    expect(parsePlist(await readFile(path, 'utf8'))).toMatchObject({
      ProgramArguments: ['/opt/node/bin/node', '/opt/ringback/daemon/dist/ringback.mjs', 'run'],
    });
  });

  it('install over a loaded agent boots the old one out first', async () => {
    const dir = await home();
    const { run, calls } = recordingRunner();
    await launchAgentService(fakeHost('darwin', dir, run)).install();
    expect(calls.map((call) => call[1])).toEqual(['print', 'bootout', 'bootstrap']);
    expect(calls[1]).toEqual(['launchctl', 'bootout', 'gui/501/dev.ringback.daemon']);
  });

  it('uninstall boots it out, then removes the plist; status follows launchctl print', async () => {
    const dir = await home();
    const { run, calls } = recordingRunner((line) =>
      line.startsWith('launchctl print')
        ? { stdout: 'gui/501/dev.ringback.daemon = {\n\tstate = running\n' }
        : undefined,
    );
    const service = launchAgentService(fakeHost('darwin', dir, run));
    await service.install();
    expect(await service.status()).toMatchObject({
      installed: true,
      running: true,
      detail: 'loaded, running',
    });
    calls.length = 0;
    await service.uninstall();
    expect(calls).toEqual([
      ['launchctl', 'print', 'gui/501/dev.ringback.daemon'],
      ['launchctl', 'bootout', 'gui/501/dev.ringback.daemon'],
    ]);
    await expect(stat(join(dir, 'Library/LaunchAgents/dev.ringback.daemon.plist'))).rejects.toThrow();
  });

  it('uninstall removes the plist even when launchctl cannot boot it out, and says why', async () => {
    const dir = await home();
    const { run } = recordingRunner((line) =>
      line.startsWith('launchctl bootout')
        ? { code: 5, stderr: 'Boot-out failed: 5: Input/output error' }
        : undefined,
    );
    const service = launchAgentService(fakeHost('darwin', dir, run));
    await service.install().catch(() => undefined);
    const path = join(dir, 'Library/LaunchAgents/dev.ringback.daemon.plist');
    expect(await service.uninstall()).toEqual({
      lines: [`Login service removed: ${path}`],
      warnings: [
        'could not stop it: `launchctl bootout gui/501/dev.ringback.daemon` failed (exit 5): Boot-out failed: 5: Input/output error',
      ],
    });
    await expect(stat(path)).rejects.toThrow();
  });

  it('a failing bootstrap is an error naming the command', async () => {
    const dir = await home();
    const { run } = recordingRunner((line) =>
      line.startsWith('launchctl print')
        ? { code: 113 }
        : line.startsWith('launchctl bootstrap')
          ? { code: 5, stderr: 'Bootstrap failed: 5: Input/output error' }
          : undefined,
    );
    await expect(launchAgentService(fakeHost('darwin', dir, run)).install()).rejects.toThrow(
      /`launchctl bootstrap gui\/501 .+dev\.ringback\.daemon\.plist` failed \(exit 5\): Bootstrap failed/,
    );
  });
});
