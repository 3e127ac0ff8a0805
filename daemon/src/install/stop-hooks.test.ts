import { describe, expect, it } from 'vitest';
import {
  countRingbackHooks,
  type HookConfig,
  hookCommand,
  isRingbackHookCommand,
  withoutRingbackHooks,
  withRingbackHook,
  withRingbackHookTimeout,
} from './stop-hooks';

const OURS = hookCommand('/usr/bin/node', '/opt/ringback/dist/ringback.mjs', 'claude-code');

const userStopGroup = { hooks: [{ type: 'command', command: 'notify-send "Claude" done' }] };
const preToolUse = [{ matcher: 'Bash', hooks: [{ type: 'command', command: '~/bin/check-command.sh' }] }];

/** A settings file as a user has it: settings around `hooks`, other events, a Stop hook of theirs. */
const userSettings = (): HookConfig => ({
  model: 'opus',
  hooks: {
    Stop: [userStopGroup],
    PreToolUse: preToolUse,
  },
  permissions: { allow: ['Bash(npm test:*)'], deny: [] },
});

/** The commands of every Stop hook, in order. */
function stopCommands(config: HookConfig): unknown[] {
  const stop = (config.hooks as { Stop?: { hooks: { command: unknown }[] }[] } | undefined)?.Stop ?? [];
  return stop.flatMap((group) => group.hooks.map((hook) => hook.command));
}

describe('isRingbackHookCommand', () => {
  it.each([
    OURS,
    hookCommand('/usr/bin/node', '/opt/ringback/dist/ringback.mjs', 'codex'),
    '"node" "/old/path/dist/ringback.mjs" hook codex',
    "'/usr/bin/node' '/old/ringback.mjs' hook claude-code",
    'ringback hook claude-code',
    '/usr/local/bin/ringback hook codex',
    '/usr/local/bin/ringback-hook',
    'npx ringback-hook --agent codex',
  ])('recognises %s', (command) => {
    expect(isRingbackHookCommand(command)).toBe(true);
  });

  it.each([
    'notify-send done',
    'echo ringbacks',
    'afplay /System/Library/Sounds/Glass.aiff',
    '~/scripts/ringback-notes.sh',
    '/opt/ringback/bin/log-turn --hook stop',
    'say "Claude finished"',
    'git -C ~/src/ringback status',
  ])('leaves alone %s', (command) => {
    expect(isRingbackHookCommand(command)).toBe(false);
  });

  it('ignores a missing or non-string command', () => {
    expect(isRingbackHookCommand(undefined)).toBe(false);
    expect(isRingbackHookCommand(['ringback', 'hook'])).toBe(false);
  });
});

describe('withRingbackHook', () => {
  it('adds exactly one Stop hook with our command, to an empty config', () => {
    const config = withRingbackHook({}, OURS);
    expect(config).toEqual({
      hooks: { Stop: [{ hooks: [{ type: 'command', command: OURS, timeout: 10 }] }] },
    });
    expect(countRingbackHooks(config)).toBe(1);
  });

  it('still holds one after running twice', () => {
    const twice = withRingbackHook(withRingbackHook(userSettings(), OURS), OURS);
    expect(countRingbackHooks(twice)).toBe(1);
    expect(stopCommands(twice)).toEqual([userStopGroup.hooks[0]?.command, OURS]);
    expect(twice).toEqual(withRingbackHook(userSettings(), OURS));
  });

  it('keeps other Stop groups, other events and unrelated settings as they were, in place', () => {
    const before = userSettings();
    const after = withRingbackHook(before, OURS);
    expect(after.model).toBe('opus');
    expect(after.permissions).toEqual(before.permissions);
    expect((after.hooks as Record<string, unknown>).PreToolUse).toEqual(preToolUse);
    expect(stopCommands(after)).toEqual(['notify-send "Claude" done', OURS]);
    // Same keys in the same order: the file the user edits keeps its layout.
    expect(Object.keys(after)).toEqual(['model', 'hooks', 'permissions']);
    expect(Object.keys(after.hooks as object)).toEqual(['Stop', 'PreToolUse']);
    // The input is not modified.
    expect(before).toEqual(userSettings());
  });

  it('replaces legacy Ringback commands in the place of the first, keeping the user hooks that shared their groups', () => {
    const legacy: HookConfig = {
      hooks: {
        Stop: [
          { hooks: [{ type: 'command', command: 'ringback hook claude-code' }] },
          {
            matcher: '',
            hooks: [
              { type: 'command', command: '/usr/local/bin/ringback-hook' },
              { type: 'command', command: 'echo ringbacks >> ~/turns.log' },
            ],
          },
          { hooks: [{ type: 'command', command: '"node" "/old/path/dist/ringback.mjs" hook codex' }] },
        ],
      },
    };
    expect(countRingbackHooks(legacy)).toBe(3);
    const after = withRingbackHook(legacy, OURS);
    expect(countRingbackHooks(after)).toBe(1);
    expect(after.hooks).toEqual({
      Stop: [
        { hooks: [{ type: 'command', command: OURS, timeout: 10 }] },
        { matcher: '', hooks: [{ type: 'command', command: 'echo ringbacks >> ~/turns.log' }] },
      ],
    });
  });

  it("leaves our hook where it stands, and so every hook's Codex trust key, when run again", () => {
    const user = (command: string) => ({ type: 'command', command });
    const installed: HookConfig = {
      hooks: {
        Stop: [
          { hooks: [user('notify-send one')] },
          {
            matcher: '*',
            hooks: [user('log-turn'), { type: 'command', command: OURS, timeout: 10 }, user('say done')],
          },
          { hooks: [user('notify-send three')] },
        ],
      },
    };
    const keys = (config: HookConfig) =>
      (config.hooks as { Stop: { hooks: { command: string }[] }[] }).Stop.flatMap((group, g) =>
        group.hooks.map((hook, h) => `${hook.command}@${g}:${h}`),
      );
    // The same install, or one from a moved checkout (a new command), keeps every place.
    expect(withRingbackHook(installed, OURS)).toEqual(installed);
    const moved = hookCommand('/usr/local/bin/node', '/new/place/ringback.mjs', 'claude-code');
    expect(keys(withRingbackHook(installed, moved))).toEqual(
      keys(installed).map((key) => key.replace(OURS, moved)),
    );
  });

  it('leaves Stop entries it does not understand untouched', () => {
    const odd: HookConfig = { hooks: { Stop: ['not a group', { matcher: 'x' }] } };
    expect(stopCommands({ hooks: { Stop: [] } })).toEqual([]);
    const after = withRingbackHook(odd, OURS);
    expect((after.hooks as { Stop: unknown[] }).Stop.slice(0, 2)).toEqual(['not a group', { matcher: 'x' }]);
    expect(countRingbackHooks(after)).toBe(1);
  });
});

describe('withoutRingbackHooks', () => {
  it('gives back a config without a hooks key when ours was the only hook', () => {
    const installed = withRingbackHook({ model: 'opus' }, OURS);
    const removed = withoutRingbackHooks(installed);
    expect(removed).toEqual({ model: 'opus' });
    expect('hooks' in removed).toBe(false);
  });

  it('keeps the user hook of a group it shares with ours', () => {
    const mixed: HookConfig = {
      hooks: {
        Stop: [{ matcher: '*', hooks: [{ type: 'command', command: OURS }, userStopGroup.hooks[0]] }],
      },
    };
    expect(withoutRingbackHooks(mixed)).toEqual({
      hooks: { Stop: [{ matcher: '*', hooks: [userStopGroup.hooks[0]] }] },
    });
  });

  it('drops an emptied Stop list but keeps the other events', () => {
    const config: HookConfig = { hooks: { Stop: [{ hooks: [{ command: OURS }] }], PreToolUse: preToolUse } };
    expect(withoutRingbackHooks(config)).toEqual({ hooks: { PreToolUse: preToolUse } });
  });

  it('undoes withRingbackHook, key order included', () => {
    const original = userSettings();
    const restored = withoutRingbackHooks(withRingbackHook(original, OURS));
    expect(JSON.stringify(restored)).toBe(JSON.stringify(original));
  });
});

describe('hookCommand', () => {
  it('quotes the node and script paths, so paths with spaces survive the shell', () => {
    expect(
      hookCommand('/Applications/My Tools/node', '/Users/me/Ringback App/dist/ringback.mjs', 'codex'),
    ).toBe('"/Applications/My Tools/node" "/Users/me/Ringback App/dist/ringback.mjs" hook codex');
  });

  it('escapes the characters a shell still expands inside double quotes', () => {
    expect(hookCommand('/opt/$HOME/`x`/node', '/a"b\\c/ringback.mjs', 'claude-code')).toBe(
      '"/opt/\\$HOME/\\`x\\`/node" "/a\\"b\\\\c/ringback.mjs" hook claude-code',
    );
  });

  it('writes a command that is recognised as ours, even with spaces in its paths', () => {
    const command = hookCommand(
      '/Applications/My Tools/node',
      '/Users/me/Ringback App/dist/ringback.mjs',
      'codex',
    );
    expect(isRingbackHookCommand(command)).toBe(true);
  });
});

describe('the permission hook beside the Stop hook', () => {
  const PERMISSION = hookCommand(
    '/usr/bin/node',
    '/opt/ringback/dist/ringback.mjs',
    'claude-code',
    'PermissionRequest',
  );

  it('is a command of its own that neither event takes for the other', () => {
    expect(PERMISSION).toBe('"/usr/bin/node" "/opt/ringback/dist/ringback.mjs" hook claude-code permission');
    expect(isRingbackHookCommand(PERMISSION, 'PermissionRequest')).toBe(true);
    expect(isRingbackHookCommand(PERMISSION, 'Stop')).toBe(false);
    expect(isRingbackHookCommand(PERMISSION)).toBe(false);
    expect(isRingbackHookCommand(OURS, 'PermissionRequest')).toBe(false);
    expect(isRingbackHookCommand('ringback hook codex permission', 'PermissionRequest')).toBe(true);
    expect(isRingbackHookCommand('/usr/local/bin/ringback-hook', 'PermissionRequest')).toBe(false);
    expect(isRingbackHookCommand('~/bin/permission-log.sh ringback', 'PermissionRequest')).toBe(false);
  });

  it('is added under PermissionRequest with its timeout, leaving the Stop hook as it was', () => {
    const withStop = withRingbackHook(userSettings(), OURS);
    const both = withRingbackHook(withStop, PERMISSION, 'PermissionRequest', 630);
    expect((both.hooks as Record<string, unknown>).PermissionRequest).toEqual([
      { hooks: [{ type: 'command', command: PERMISSION, timeout: 630 }] },
    ]);
    expect((both.hooks as Record<string, unknown>).Stop).toEqual(
      (withStop.hooks as Record<string, unknown>).Stop,
    );
    expect(Object.keys(both.hooks as object)).toEqual(['Stop', 'PreToolUse', 'PermissionRequest']);
    expect(countRingbackHooks(both)).toBe(1);
    expect(countRingbackHooks(both, 'PermissionRequest')).toBe(1);
    // Installing the Stop hook again never touches (or counts) the permission hook, nor the reverse.
    expect(withRingbackHook(both, OURS)).toEqual(both);
    expect(withRingbackHook(both, PERMISSION, 'PermissionRequest', 630)).toEqual(both);
  });

  it('gets a new timeout where it stands', () => {
    const config: HookConfig = {
      hooks: {
        PermissionRequest: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: '~/bin/audit.sh', timeout: 5 }] },
          { hooks: [{ type: 'command', command: PERMISSION, timeout: 630 }] },
        ],
        Stop: [{ hooks: [{ type: 'command', command: OURS, timeout: 10 }] }],
      },
    };
    const longer = withRingbackHookTimeout(config, 'PermissionRequest', 1230);
    expect(longer).toEqual({
      hooks: {
        PermissionRequest: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: '~/bin/audit.sh', timeout: 5 }] },
          { hooks: [{ type: 'command', command: PERMISSION, timeout: 1230 }] },
        ],
        Stop: [{ hooks: [{ type: 'command', command: OURS, timeout: 10 }] }],
      },
    });
    expect(withRingbackHook(longer, PERMISSION, 'PermissionRequest', 1230)).toEqual(longer);
  });

  it('is removed with the Stop hook, or alone, keeping the user hooks of both events', () => {
    const user = { matcher: 'Bash', hooks: [{ type: 'command', command: '~/bin/audit.sh' }] };
    const config: HookConfig = {
      hooks: {
        Stop: [userStopGroup, { hooks: [{ type: 'command', command: OURS }] }],
        PermissionRequest: [user, { hooks: [{ type: 'command', command: PERMISSION }] }],
      },
    };
    expect(withoutRingbackHooks(config)).toEqual({
      hooks: { Stop: [userStopGroup], PermissionRequest: [user] },
    });
    expect(withoutRingbackHooks(config, ['PermissionRequest'])).toEqual({
      hooks: { Stop: config.hooks && (config.hooks as { Stop: unknown }).Stop, PermissionRequest: [user] },
    });
    const onlyOurs = withRingbackHook(withRingbackHook({}, OURS), PERMISSION, 'PermissionRequest', 630);
    expect(withoutRingbackHooks(onlyOurs)).toEqual({});
  });
});
