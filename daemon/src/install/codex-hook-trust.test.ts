import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  codexHookHash,
  codexHookState,
  codexStopHookHash,
  readCodexHookTrust,
  ringbackCodexHook,
  trustOf,
} from './codex-hook-trust';
import { hookCommand } from './stop-hooks';

const OURS = hookCommand('/usr/bin/node', '/opt/ring back/ringback.mjs', 'codex');
const OURS_PERMISSION = hookCommand(
  '/usr/bin/node',
  '/opt/ring back/ringback.mjs',
  'codex',
  'PermissionRequest',
);

describe('codexStopHookHash', () => {
  // Each hash below is the `currentHash` the real Codex 0.169 (`codex app-server`, `hooks/list`)
  // gave for the same hook.
  it.each([
    [
      { type: 'command', command: '/tmp/agents/lab/dump-hook.sh', timeout: 10 },
      '8dfd0c4a8f7155f4462063d8d14098dd94a97e19b2b3769232da36ffe39e2ab2',
    ],
    [
      { type: 'command', command: 'notify-send "Codex" done ✓' },
      '8e2811319c2185063e394b9dca05cde52078b481fdfefa4cd339d1f1b8f81449',
    ],
    [
      { type: 'command', command: 'echo a', timeout: 5, async: true, statusMessage: 'Ringing…', extra: 1 },
      '3bfc8d5e512cbc9efb1b8d3cc4ff1dd9cb413a9d7639a13293243c70fae79bf5',
    ],
    [
      { type: 'command', command: OURS, timeout: 10 },
      '351bc7b4c02b95eb4396da70e918f52b565a8fbb3b72d7e87ac40d2fc93ff0b7',
    ],
  ])('hashes %j as Codex does', (handler, hex) => {
    expect(codexStopHookHash(handler)).toBe(`sha256:${hex}`);
  });

  it('hashes a command with control characters and a zero timeout as Codex does', () => {
    const handler = { type: 'command', command: 'tab\there \\ back', timeout: 0 };
    expect(codexStopHookHash(handler)).toBe(
      'sha256:a2c1f270ed07907245d0f506db9d5f116e81658e2094526be2233138728a2039',
    );
  });
});

describe('codexHookHash', () => {
  // The `currentHash` and `key` the real Codex 0.169 (`codex app-server`, `hooks/list`) gave for a
  // hooks.json holding our Stop hook, our PermissionRequest hook (group 0) and a user's
  // PermissionRequest hook with a matcher (group 1).
  it('hashes our PermissionRequest hook as Codex does, under its own event label', () => {
    const handler = { type: 'command', command: OURS_PERMISSION, timeout: 630 };
    expect(codexHookHash('PermissionRequest', handler)).toBe(
      'sha256:ea20f1f9a87fd54cf911d3c1b57726558eed56f99d62978f5938d878a4663d54',
    );
    // The same handler under Stop is another hook to Codex.
    expect(codexHookHash('Stop', handler)).not.toBe(codexHookHash('PermissionRequest', handler));
  });

  it("counts a PermissionRequest group's matcher in the hash, as Codex does", () => {
    const handler = { type: 'command', command: 'echo m', timeout: 5 };
    expect(codexHookHash('PermissionRequest', handler, 'Bash')).toBe(
      'sha256:532f4736d295bbf016e61096d18f5404e0b7e13a9249e8768c52e00080156ef5',
    );
    // Stop has no matcher to Codex: one there changes nothing.
    expect(codexHookHash('Stop', handler, 'Bash')).toBe(codexStopHookHash(handler));
  });

  it('changes with the timeout: a new wait is a new hook to trust', () => {
    const at = (timeout: number) =>
      codexHookHash('PermissionRequest', { type: 'command', command: OURS_PERMISSION, timeout });
    expect(at(630)).not.toBe(at(1230));
  });
});

describe('ringbackCodexHook', () => {
  it('keys our permission hook by permission_request and its own place, apart from the Stop hook', () => {
    const config = {
      hooks: {
        Stop: [{ hooks: [{ type: 'command', command: OURS, timeout: 10 }] }],
        PermissionRequest: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo m', timeout: 5 }] },
          { hooks: [{ type: 'command', command: OURS_PERMISSION, timeout: 630 }] },
        ],
      },
    };
    expect(ringbackCodexHook('/h/.codex/hooks.json', config, 'PermissionRequest')).toEqual({
      key: '/h/.codex/hooks.json:permission_request:1:0',
      hash: 'sha256:ea20f1f9a87fd54cf911d3c1b57726558eed56f99d62978f5938d878a4663d54',
      timeoutSeconds: 630,
    });
    expect(ringbackCodexHook('/h/.codex/hooks.json', config)).toEqual({
      key: '/h/.codex/hooks.json:stop:0:0',
      hash: 'sha256:351bc7b4c02b95eb4396da70e918f52b565a8fbb3b72d7e87ac40d2fc93ff0b7',
      timeoutSeconds: 10,
    });
    // Our permission command in the Stop list is not taken for the Stop hook, nor the reverse.
    const swapped = {
      hooks: {
        Stop: [{ hooks: [{ type: 'command', command: OURS_PERMISSION }] }],
        PermissionRequest: [{ hooks: [{ type: 'command', command: OURS }] }],
      },
    };
    expect(ringbackCodexHook('/p', swapped)).toBeNull();
    expect(ringbackCodexHook('/p', swapped, 'PermissionRequest')).toBeNull();
  });

  it('keys our hook by the file, the Stop group and the handler, as Codex does', () => {
    const config = {
      hooks: {
        Stop: [
          { hooks: [{ type: 'command', command: 'notify-send done' }] },
          {
            matcher: 'x',
            hooks: [
              { type: 'command', command: 'echo a' },
              { type: 'command', command: OURS, timeout: 10 },
            ],
          },
        ],
      },
    };
    expect(ringbackCodexHook('/h/.codex/hooks.json', config)).toEqual({
      key: '/h/.codex/hooks.json:stop:1:1',
      hash: 'sha256:351bc7b4c02b95eb4396da70e918f52b565a8fbb3b72d7e87ac40d2fc93ff0b7',
      timeoutSeconds: 10,
      matcher: 'x',
    });
    expect(ringbackCodexHook('/h/.codex/hooks.json', { hooks: { Stop: [config.hooks.Stop[0]] } })).toBeNull();
  });
});

describe('codexHookState', () => {
  const key = '/h/.codex/hooks.json:stop:1:1';

  it('reads the trusted hash as Codex writes it, and other spellings of the same table', () => {
    const written = `model = "gpt-5"\n\n[hooks.state."${key}"]\ntrusted_hash = "sha256:abc"\n`;
    expect(codexHookState(written, key)).toEqual({ trustedHash: 'sha256:abc' });
    const inline = `[hooks]\nstate = { "${key}" = { trusted_hash = 'sha256:def', enabled = false } } # mine\n`;
    expect(codexHookState(inline, key)).toEqual({ trustedHash: 'sha256:def', enabled: false });
    const dotted = `[hooks.state]\n"${key}".enabled = true\n"/other:stop:0:0".trusted_hash = "sha256:x"\n`;
    expect(codexHookState(dotted, key)).toEqual({ enabled: true });
  });

  it('reads past the rest of a real config.toml', () => {
    const config = [
      '# Codex settings',
      'model = "gpt-5" # comment',
      'approval_policy = "on-request"',
      'notify = ["notify-send", "Codex"]',
      'tools = [',
      '  "a", # first',
      '  { name = "b" },',
      ']',
      'when = 1979-05-27T07:32:00Z',
      'big = 1_000',
      'text = """',
      'multi "quoted" line',
      'ends here"""',
      "raw = '''C:\\path'''",
      '[model_providers.fake]',
      'base_url = "http://127.0.0.1:1/v1" ',
      '[[profiles.list]]',
      'trusted_hash = "sha256:not-this"',
      `[hooks.state."${key}"]`,
      'trusted_hash = "sha256:\\u0061bc"',
      '',
    ].join('\n');
    expect(codexHookState(config, key)).toEqual({ trustedHash: 'sha256:abc' });
  });

  it('refuses a document it cannot follow rather than guessing', () => {
    expect(() => codexHookState('[hooks.state\ntrusted_hash = 1', key)).toThrow();
    expect(() => codexHookState('a = "unterminated\n', key)).toThrow();
  });
});

describe('trustOf', () => {
  it('is trusted only for the same hash, and never when disabled', () => {
    expect(trustOf('sha256:a', { trustedHash: 'sha256:a' })).toBe('trusted');
    expect(trustOf('sha256:a', { trustedHash: 'sha256:b' })).toBe('modified');
    expect(trustOf('sha256:a', {})).toBe('untrusted');
    expect(trustOf('sha256:a', { trustedHash: 'sha256:a', enabled: false })).toBe('disabled');
  });
});

describe('readCodexHookTrust', () => {
  it('compares our hook with what Codex trusts, keyed by the real path of CODEX_HOME', async () => {
    const root = await mkdtemp(join(tmpdir(), 'ringback-trust-'));
    const real = join(root, 'real');
    await mkdir(real);
    await symlink(real, join(root, 'link'));
    const handler = { type: 'command', command: OURS, timeout: 10 };
    await writeFile(join(real, 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [handler] }] } }));
    const env = { CODEX_HOME: join(root, 'link') };
    const key = `${real}/hooks.json:stop:0:0`;
    expect(await readCodexHookTrust('/nowhere', env)).toEqual({
      hook: { key, hash: codexStopHookHash(handler), timeoutSeconds: 10, trust: 'untrusted' },
    });
    await writeFile(
      join(real, 'config.toml'),
      `[hooks.state."${key}"]\ntrusted_hash = "${codexStopHookHash(handler)}"\n`,
    );
    expect((await readCodexHookTrust('/nowhere', env)).hook?.trust).toBe('trusted');
    await writeFile(join(real, 'config.toml'), '[hooks.state\n');
    expect(await readCodexHookTrust('/nowhere', env)).toMatchObject({
      hook: { trust: 'unknown' },
      problem: expect.stringContaining('config.toml'),
    });
  });

  it('reads the trust of the permission hook apart from the Stop hook', async () => {
    const home = await mkdtemp(join(tmpdir(), 'ringback-trust-'));
    const codexHome = join(home, '.codex');
    await mkdir(codexHome);
    const stop = { type: 'command', command: OURS, timeout: 10 };
    const permission = { type: 'command', command: OURS_PERMISSION, timeout: 630 };
    await writeFile(
      join(codexHome, 'hooks.json'),
      JSON.stringify({ hooks: { Stop: [{ hooks: [stop] }], PermissionRequest: [{ hooks: [permission] }] } }),
    );
    const permissionKey = `${codexHome}/hooks.json:permission_request:0:0`;
    await writeFile(
      join(codexHome, 'config.toml'),
      `[hooks.state."${permissionKey}"]\ntrusted_hash = "${codexHookHash('PermissionRequest', permission)}"\n`,
    );
    expect(await readCodexHookTrust(home, {})).toEqual({
      hook: {
        key: `${codexHome}/hooks.json:stop:0:0`,
        hash: codexStopHookHash(stop),
        timeoutSeconds: 10,
        trust: 'untrusted',
      },
      permissionHook: {
        key: permissionKey,
        hash: codexHookHash('PermissionRequest', permission),
        timeoutSeconds: 630,
        trust: 'trusted',
      },
    });
  });

  it('says when our hook is not in ~/.codex/hooks.json', async () => {
    const home = await mkdtemp(join(tmpdir(), 'ringback-trust-'));
    expect(await readCodexHookTrust(home, {})).toEqual({ hook: null });
  });
});
