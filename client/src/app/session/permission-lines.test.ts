import type { PermissionEventPlaintext } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { permissionLines } from './permission-lines';

/** Codex's network approval as the computer seals it: the target, and the command that wants it. */
function networkCall(language: string, command?: string): PermissionEventPlaintext {
  return {
    kind: 'permission',
    eventId: 'e',
    requestId: 'r',
    occurredAt: '2026-12-03T10:00:00Z',
    expiresAt: '2026-12-03T10:10:00Z',
    computer: { deviceId: 'dev-laptop', name: 'Laptop' },
    language,
    request: {
      source: 'codex',
      sessionId: 's',
      cwd: '/home/ada/billing-api',
      toolName: 'Bash',
      action: 'network',
      subject: 'https://registry.npmjs.org:443',
      description: null,
      resumed: false,
      ...(command === undefined ? {} : { command }),
    },
  };
}

describe('permissionLines', () => {
  it('says the target a network request wants, then the command that wants it', () => {
    expect(permissionLines(networkCall('en-US', 'npm   install\nleft-pad')).lines).toEqual([
      'Codex asks to reach the network.',
      'It wants to reach: https://registry.npmjs.org:443, in billing-api.',
      'For the command: npm install left-pad.',
    ]);
    expect(permissionLines(networkCall('zh-CN', 'npm install')).lines.at(-1)).toBe(
      '用于这条命令：npm install。',
    );
  });

  it('says no command where no one command owns the request', () => {
    expect(permissionLines(networkCall('en-US')).lines).toEqual([
      'Codex asks to reach the network.',
      'It wants to reach: https://registry.npmjs.org:443, in billing-api.',
    ]);
  });
});
