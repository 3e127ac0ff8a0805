import { Aad, generateE2eKey, open, seal } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../outbox/outbox-store';
import { handleReply, type TrackerComment } from './handle-reply';
import type { ResumeRequest } from './resume-agent';

const key = generateE2eKey();
const session: SessionRecord = {
  cwd: '/work/app',
  source: 'codex',
  lastReportAt: '2026-11-23T10:00:00.000Z',
};

async function sealedReply(overrides: Record<string, unknown> = {}, withKey = key) {
  const plaintext = {
    eventId: 'evt-1',
    source: 'codex',
    sessionId: 'thread-9',
    text: 'Go ahead.',
    ...overrides,
  };
  return seal(withKey, JSON.stringify(plaintext), Aad.reply('evt-1'));
}

function deps(
  resume: (request: ResumeRequest) => Promise<void> = async () => undefined,
  markStarted: () => Promise<void> = async () => undefined,
  comment: (request: TrackerComment) => Promise<void> = async () => undefined,
) {
  const resumed: ResumeRequest[] = [];
  const comments: TrackerComment[] = [];
  const steps: string[] = [];
  return {
    resumed,
    comments,
    steps,
    deps: {
      comment: async (request: TrackerComment) => {
        steps.push('comment');
        comments.push(request);
        await comment(request);
      },
      key: () => key,
      session: (id: string) => (id === 'thread-9' ? session : undefined),
      markStarted: async () => {
        steps.push('started');
        await markStarted();
      },
      resume: async (request: ResumeRequest) => {
        steps.push('resume');
        resumed.push(request);
        await resume(request);
      },
    },
  };
}

async function reasonOf(failure: string | undefined, replyId: string): Promise<string> {
  return JSON.parse(await open(key, failure ?? '', Aad.replyError(replyId))).reason;
}

describe('handleReply to a tracker call', () => {
  const trackerReply = (text = 'Please also add a test.') =>
    sealedReply({ source: 'tracker', sessionId: undefined, workspaceId: 'ws-1', issueId: 'issue-7', text });

  it('posts the words as a comment on the issue, after recording the reply as started', async () => {
    const { deps: d, comments, resumed, steps } = deps();
    const result = await handleReply({ replyId: 't1', eventId: 'evt-1', sealed: await trackerReply() }, d);
    expect(result).toEqual({ type: 'reply-result', replyId: 't1', status: 'delivered' });
    expect(comments).toEqual([{ workspaceId: 'ws-1', issueId: 'issue-7', text: 'Please also add a test.' }]);
    expect(resumed).toEqual([]);
    expect(steps).toEqual(['started', 'comment']);
  });

  it('seals why the comment could not be posted', async () => {
    const { deps: d } = deps(undefined, undefined, async () => {
      throw new Error('this computer does not watch workspace ws-1');
    });
    const result = await handleReply({ replyId: 't2', eventId: 'evt-1', sealed: await trackerReply() }, d);
    expect(result.status).toBe('failed');
    expect(await reasonOf(result.failure, 't2')).toBe('this computer does not watch workspace ws-1');
  });

  it('posts nothing when the start cannot be recorded', async () => {
    const { deps: d, comments } = deps(undefined, async () => {
      throw new Error('EROFS');
    });
    const result = await handleReply({ replyId: 't3', eventId: 'evt-1', sealed: await trackerReply() }, d);
    expect([result.status, comments]).toEqual(['failed', []]);
  });
});

describe('handleReply', () => {
  it('resumes the recorded session in its recorded directory', async () => {
    const { deps: d, resumed } = deps();
    const result = await handleReply(
      { replyId: 'r1', eventId: 'evt-1', sealed: await sealedReply({ cwd: '/etc' }) },
      d,
    );
    expect(result).toEqual({ type: 'reply-result', replyId: 'r1', status: 'delivered' });
    expect(resumed).toEqual([
      { source: 'codex', sessionId: 'thread-9', cwd: '/work/app', text: 'Go ahead.' },
    ]);
  });

  it('records the reply as started before it resumes the agent', async () => {
    const { deps: d, steps } = deps();
    await handleReply({ replyId: 'r1', eventId: 'evt-1', sealed: await sealedReply() }, d);
    expect(steps).toEqual(['started', 'resume']);
  });

  it('does not resume the agent when the start cannot be recorded, and seals why', async () => {
    const { deps: d, resumed } = deps(undefined, async () => {
      throw new Error('EROFS: read-only file system');
    });
    const result = await handleReply({ replyId: 'r6', eventId: 'evt-1', sealed: await sealedReply() }, d);
    expect(resumed).toEqual([]);
    expect(result.status).toBe('failed');
    expect(await reasonOf(result.failure, 'r6')).toMatch(/not resumed.*could not record.*EROFS/);
  });

  it("passes on the session's recorded permission mode", async () => {
    const { deps: d, resumed } = deps();
    await handleReply(
      { replyId: 'r7', eventId: 'evt-1', sealed: await sealedReply() },
      { ...d, session: () => ({ ...session, permissionMode: 'acceptEdits' }) },
    );
    expect(resumed[0]?.permissionMode).toBe('acceptEdits');
  });

  it('says in plain words that a reply under another key cannot be opened', async () => {
    const { deps: d, resumed, steps } = deps();
    const sealed = await sealedReply({}, generateE2eKey());
    expect(await handleReply({ replyId: 'r2', eventId: 'evt-1', sealed }, d)).toEqual({
      type: 'reply-result',
      replyId: 'r2',
      status: 'failed',
      error: 'undecryptable_reply',
    });
    expect(resumed).toEqual([]);
    expect(steps).toEqual([]);
  });

  it('refuses a reply moved to another call, or naming a session this computer never reported', async () => {
    const { deps: d, resumed } = deps();
    const moved = await handleReply({ replyId: 'r3', eventId: 'evt-2', sealed: await sealedReply() }, d);
    expect(moved).toMatchObject({ status: 'failed', error: 'undecryptable_reply' }); // AAD names evt-1
    const unknown = await handleReply(
      { replyId: 'r4', eventId: 'evt-1', sealed: await sealedReply({ sessionId: 'someone-elses' }) },
      d,
    );
    expect(unknown.status).toBe('failed');
    expect(await reasonOf(unknown.failure, 'r4')).toContain('no codex session someone-elses');
    expect(resumed).toEqual([]);
  });

  it('seals why the agent could not be resumed', async () => {
    const { deps: d } = deps(async () => {
      throw new Error('codex is not installed or not on PATH');
    });
    const result = await handleReply({ replyId: 'r5', eventId: 'evt-1', sealed: await sealedReply() }, d);
    expect(result.status).toBe('failed');
    expect(result.failure).toMatch(/^e1\./);
    expect(await reasonOf(result.failure, 'r5')).toBe('codex is not installed or not on PATH');
  });
});
