import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aad, generateE2eKey, open, seal } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import { writeFileAtomic } from '../storage/atomic-write';
import { HandledReplies, type WriteFile } from './handled-replies';
import { ReplyInbox } from './reply-inbox';
import type { ResumeRequest } from './resume-agent';

const key = generateE2eKey();

async function reply(replyId: string) {
  const sealed = await seal(
    key,
    JSON.stringify({ eventId: 'evt-1', source: 'claude-code', sessionId: 'sess-1', text: 'Go ahead.' }),
    Aad.reply('evt-1'),
  );
  return { replyId, eventId: 'evt-1', sealed };
}

async function failureOf(failure: string | undefined, replyId: string) {
  return JSON.parse(await open(key, failure ?? '', Aad.replyError(replyId)));
}

/** An inbox over `dataDir` whose agent start is recorded, and may be made to hang or fail. */
async function inboxOn(
  dataDir: string,
  options: { write?: WriteFile; resume?: (request: ResumeRequest) => Promise<void> } = {},
) {
  const logger = createMemoryLogger();
  const resumed: ResumeRequest[] = [];
  const handled = await HandledReplies.open(dataDir, logger, options.write);
  const inbox = new ReplyInbox({
    handled,
    logger,
    key: () => key,
    session: (id) => (id === 'sess-1' ? { cwd: '/work/app', source: 'claude-code' } : undefined),
    comment: async () => undefined,
    resume: async (request) => {
      resumed.push(request);
      await options.resume?.(request);
    },
  });
  return { inbox, logger, resumed };
}

describe('ReplyInbox', () => {
  it('runs a reply once, and answers a re-send with the recorded result', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-inbox-'));
    const { inbox, resumed } = await inboxOn(dataDir);
    const first = await inbox.receive(await reply('r1'));
    expect(first).toEqual({ type: 'reply-result', replyId: 'r1', status: 'delivered' });
    expect(await inbox.receive(await reply('r1'))).toEqual(first);
    expect(resumed).toHaveLength(1);
    expect((await stat(join(dataDir, 'replies.json'))).mode & 0o777).toBe(0o600);
    // After a restart too.
    const again = await inboxOn(dataDir);
    expect(await again.inbox.receive(await reply('r1'))).toEqual(first);
    expect(again.resumed).toEqual([]);
  });

  it('records the start before the agent runs, and after a crash says "may have run" instead of running it again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-inbox-'));
    let onDisk = '';
    // The daemon "dies" while the agent starts: its start never resolves.
    const crashed = await inboxOn(dataDir, {
      resume: async () => {
        onDisk = await readFile(join(dataDir, 'replies.json'), 'utf8');
        await new Promise(() => undefined);
      },
    });
    void crashed.inbox.receive(await reply('r2'));
    await expect.poll(() => crashed.resumed.length).toBe(1);
    expect(JSON.parse(onDisk).replies).toEqual([
      ['r2', { startedAt: expect.any(String), acknowledged: false }],
    ]);

    const restarted = await inboxOn(dataDir);
    const pending = await restarted.inbox.pending();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ replyId: 'r2', status: 'failed' });
    expect(await failureOf(pending[0]?.failure, 'r2')).toEqual({
      reason: expect.stringContaining('may already have acted'),
      code: 'may_have_run',
    });
    // The relay sends the reply again: the same answer, and still no agent.
    expect(await restarted.inbox.receive(await reply('r2'))).toEqual(pending[0]);
    expect(restarted.resumed).toEqual([]);
    expect(restarted.logger.lines.join('\n')).toContain('may have run');
    // Acknowledged, it is not sent again.
    await restarted.inbox.acknowledge('r2');
    expect(await restarted.inbox.pending()).toEqual([]);
  });

  it('does not run the agent when replies.json cannot be written, logs it, and still answers', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-inbox-'));
    let failing = true;
    const write: WriteFile = async (path, data) => {
      if (failing) throw new Error('ENOSPC: no space left on device');
      await writeFileAtomic(path, data);
    };
    const { inbox, logger, resumed } = await inboxOn(dataDir, { write });
    const result = await inbox.receive(await reply('r3'));
    expect(resumed).toEqual([]);
    expect(result?.status).toBe('failed');
    expect((await failureOf(result?.failure, 'r3')).reason).toMatch(/not resumed.*ENOSPC/);
    expect(logger.lines.join('\n')).toMatch(/error could not write replies\.json \(ENOSPC/);
    // An acknowledgement that cannot be written is logged, not thrown.
    await inbox.acknowledge('r3');
    // Once the disk is back, a new reply runs.
    failing = false;
    expect((await inbox.receive(await reply('r4')))?.status).toBe('delivered');
    expect(resumed).toHaveLength(1);
  });

  it('gives nothing for a reply already being handled', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-inbox-'));
    let finish: () => void = () => undefined;
    const { inbox, resumed } = await inboxOn(dataDir, {
      resume: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    const first = inbox.receive(await reply('r5'));
    await expect.poll(() => resumed.length).toBe(1);
    expect(await inbox.receive(await reply('r5'))).toBeNull();
    finish();
    expect((await first)?.status).toBe('delivered');
    expect(resumed).toHaveLength(1);
  });
});
