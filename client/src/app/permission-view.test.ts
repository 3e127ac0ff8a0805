import type { PermissionEventPlaintext } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../i18n';
import type { CallRecord } from '../storage';
import {
  endedElsewhereText,
  permissionOutcomeOf,
  permissionRequestView,
  permissionRowTitle,
  permissionTitle,
} from './permission-view';

const en = translatorFor('en');
const zh = translatorFor('zh');

function permission(
  action: PermissionEventPlaintext['request']['action'],
  toolName = 'Bash',
): PermissionEventPlaintext {
  return {
    kind: 'permission',
    eventId: 'e',
    requestId: 'r',
    occurredAt: '2025-01-01T00:00:00Z',
    expiresAt: '2025-01-01T00:10:00Z',
    computer: { deviceId: 'dev-laptop', name: 'Laptop' },
    language: 'en-US',
    request: {
      source: 'claude-code',
      sessionId: 's',
      cwd: '/home/ada/billing-api',
      toolName,
      action,
      subject: 'npm publish --access public',
      description: '  ',
      resumed: false,
    },
  };
}

describe('permission call titles', () => {
  it('say what the agent asks to do, by action, in the interface language', () => {
    expect(permissionTitle(permission('command'), en)).toBe('Claude Code asks to run a command');
    expect(permissionTitle(permission('file'), en)).toBe('Claude Code asks to edit a file');
    expect(permissionTitle(permission('network'), en)).toBe('Claude Code asks to reach the network');
    expect(permissionTitle(permission('tool', 'mcp__db__query'), en)).toBe(
      'Claude Code asks to use mcp__db__query',
    );
    expect(permissionTitle(permission('command'), zh)).toBe('Claude Code 请求运行命令');
  });

  it('give a calls-page row the title and the start of the subject', () => {
    expect(permissionRowTitle(permission('command'), en)).toBe(
      'Claude Code asks to run a command: npm publish --access public',
    );
    const long = {
      ...permission('command'),
      request: { ...permission('command').request, subject: 'x'.repeat(300) },
    };
    expect(permissionRowTitle(long, en)).toHaveLength(140);
  });

  it('show the subject in full, the folder, and no empty description', () => {
    expect(permissionRequestView(permission('command'), en)).toEqual({
      title: 'Claude Code asks to run a command',
      folder: 'billing-api',
      subject: 'npm publish --access public',
      description: null,
      change: null,
      command: null,
      complete: true,
    });
  });

  it('carry the command a network request is for', () => {
    const network = permission('network');
    const request = { ...network.request, subject: 'https://registry.npmjs.org:443', command: 'npm install' };
    expect(permissionRequestView({ ...network, request }, en).command).toBe('npm install');
  });

  it("carry a file request's change as the computer gave it, an empty one too", () => {
    const file = permission('file', 'Edit');
    const change = '- const port = 80;\n+ const port = 8080;';
    expect(permissionRequestView({ ...file, request: { ...file.request, change } }, en).change).toEqual({
      text: change,
      edits: true,
    });
    // A new file's content is shown as it is: its own "- " lines are not lines taken out.
    const write = permission('file', 'Write');
    expect(permissionRequestView({ ...write, request: { ...write.request, change: '' } }, en).change).toEqual(
      {
        text: '',
        edits: false,
      },
    );
  });

  it('say a request the computer marked complete: false may not be allowed here', () => {
    const cut = permission('command');
    expect(permissionRequestView({ ...cut, request: { ...cut.request, complete: false } }, en).complete).toBe(
      false,
    );
  });
});

describe('the decided screen', () => {
  const record = (permissionFields: object): CallRecord =>
    ({ permission: { request: permission('command'), ...permissionFields } }) as CallRecord;
  const allow = { decision: { behavior: 'allow', deviceName: 'Phone' } };
  const deny = { decision: { behavior: 'deny', message: 'Not today', deviceName: 'Phone' } };

  it('says sending, then that the agent got it', () => {
    expect(permissionOutcomeOf(record(allow), 'sending', null)).toEqual({
      behavior: 'allow',
      message: null,
      delivery: { state: 'sending' },
    });
    expect(permissionOutcomeOf(record(deny), 'delivered', null)?.delivery).toEqual({
      state: 'delivered',
      agent: 'Claude Code',
    });
    expect(permissionOutcomeOf(record(deny), 'queued', null)?.message).toBe('Not today');
  });

  it('says too late when the computer said so or the relay refused it, and another device when it was first', () => {
    expect(permissionOutcomeOf(record({ ...allow, delivery: 'tooLate' }), 'failed', 'x')?.delivery).toEqual({
      state: 'tooLate',
    });
    expect(permissionOutcomeOf(record(allow), 'refused', 'x')?.delivery).toEqual({ state: 'tooLate' });
    expect(
      permissionOutcomeOf(record({ ...allow, delivery: 'alreadyDecided' }), 'failed', null)?.delivery,
    ).toEqual({
      state: 'alreadyDecided',
    });
  });

  it('offers the reason when it could not be sent', () => {
    expect(permissionOutcomeOf(record(allow), 'unsent', 'offline')?.delivery).toEqual({
      state: 'unsent',
      reason: 'offline',
    });
    expect(permissionOutcomeOf(record({}), 'sending', null)).toBeNull();
  });

  it('names where a call decided elsewhere was answered', () => {
    const p = permission('command');
    expect(endedElsewhereText(p, { deviceId: 'dev-laptop', name: 'Laptop' }, en)).toBe(
      'Answered at the computer',
    );
    expect(endedElsewhereText(p, { deviceId: 'dev-ipad', name: 'iPad' }, en)).toBe('Answered on iPad');
    expect(endedElsewhereText(p, { deviceId: 'dev-laptop', name: 'Laptop' }, zh)).toBe('已在电脑上处理');
  });

  it('says the agent stopped waiting when the computer ended a call of a session resumed from the phone', () => {
    // Nobody is at that computer: its hook gave up, or the agent's turn ended.
    const p = permission('command');
    const resumed = { ...p, request: { ...p.request, resumed: true } };
    const laptop = { deviceId: 'dev-laptop', name: 'Laptop' };
    expect(endedElsewhereText(resumed, laptop, en)).toBe('The agent stopped waiting');
    expect(endedElsewhereText(resumed, null, zh)).toBe('智能体已停止等待');
    expect(endedElsewhereText(resumed, { deviceId: 'dev-ipad', name: 'iPad' }, en)).toBe('Answered on iPad');
  });

  it("says another device's decision once the computer told it", () => {
    const p = permission('command');
    const phone = { deviceId: 'dev-phone', name: 'Phone' };
    const outcome = (behavior: 'allow' | 'deny') =>
      ({
        kind: 'permission-outcome',
        eventId: p.eventId,
        behavior,
        deviceName: 'Phone',
        decidedAt: 1,
      }) as const;
    expect(endedElsewhereText(p, phone, en, outcome('allow'))).toBe('Allowed on Phone');
    expect(endedElsewhereText(p, phone, en, outcome('deny'))).toBe('Denied on Phone');
    expect(endedElsewhereText(p, phone, zh, outcome('allow'))).toBe('已在 Phone 上允许');
    expect(endedElsewhereText(p, phone, zh, outcome('deny'))).toBe('已在 Phone 上拒绝');
  });
});
