import { generateBrief, type LlmChannelConfig, NOT_CONFIGURED_REASON } from '@ringback/daemon';
import type { Brief } from '@ringback/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLlm, plainBrief, startFakeLlm } from './fakes/fake-llm-server';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm.close();
});
beforeEach(() => {
  llm.requests.length = 0;
  llm.setDefault({ json: plainBrief() });
});

const KEY = 'sk-fake-secret-7777';
function channel(overrides: Partial<LlmChannelConfig> = {}): LlmChannelConfig {
  return { baseUrl: llm.url, apiKey: KEY, model: 'fake-1', structuredOutput: 'json_schema', ...overrides };
}
const short = { source: 'claude-code' as const, text: 'Fixed the flaky login test in auth.spec.ts.' };
const long = {
  source: 'codex' as const,
  text: `${'I refactored the payment service and moved the retry logic into its own module. '.repeat(5)}Migration 0042 must run before deploy. Should I open the PR?`,
};

function expectReady(brief: Brief): asserts brief is Extract<Brief, { status: 'ready' }> {
  expect(brief.status).toBe('ready');
}
function expectFailed(brief: Brief): asserts brief is Extract<Brief, { status: 'failed' }> {
  expect(brief.status).toBe('failed');
}

describe('generateBrief against an OpenAI-compatible endpoint', () => {
  it('makes one json_schema call and returns every part of the brief in the brief language', async () => {
    const brief = await generateBrief(short, { channel: channel(), language: 'es-MX' });
    expectReady(brief);
    expect(brief).toMatchObject({
      language: 'es-MX',
      llmCalls: 1,
      model: 'fake-1',
      spoken: 'All done, {form-of-address}.',
    });
    expect(llm.requests).toHaveLength(1);
    const request = llm.requests[0];
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body.response_format?.type).toBe('json_schema');
    expect(request?.body.response_format?.json_schema?.schema).toMatchObject({ type: 'object' });
    expect(request?.body.messages?.[0]?.content).toMatch(/Spanish.*\(es-MX\)/);
    expect(request?.body.messages?.[1]?.content).toContain('auth.spec.ts');
    expect(request?.body).not.toHaveProperty('reasoning_effort');
  });

  it('sends reasoning_effort only when it is configured', async () => {
    await generateBrief(short, { channel: channel({ reasoningEffort: 'low' }), language: 'en-US' });
    expect(llm.requests[0]?.body.reasoning_effort).toBe('low');
  });

  it('in json_object mode puts the schema in the system prompt and strips a code fence', async () => {
    llm.enqueue({ json: plainBrief('Fenced, {form-of-address}.'), fence: true });
    const brief = await generateBrief(short, {
      channel: channel({ structuredOutput: 'json_object' }),
      language: 'en-US',
    });
    expectReady(brief);
    expect(brief.spoken).toBe('Fenced, {form-of-address}.');
    expect(llm.requests[0]?.body.response_format).toEqual({ type: 'json_object' });
    expect(llm.requests[0]?.body.messages?.[0]?.content).toContain('"pendingQuestions"');
  });

  it.each([
    ['output that is not JSON', { content: 'Sure! Here is your brief.' }, /not JSON/],
    ['output that does not fit the schema', { json: { spoken: 'hi' } }, /does not fit the brief schema/],
    ['a content filter', { json: plainBrief(), finishReason: 'content_filter' }, /content filter/],
    ['an empty answer', { content: '' }, /no content/],
    ['HTTP 500', { status: 500 }, /HTTP 500/],
    ['HTTP 401', { status: 401, message: `Incorrect API key provided: ${KEY}` }, /HTTP 401/],
  ] as const)(
    'fails the brief on %s, with llmCalls 1 and no key in the reason',
    async (_name, reply, reason) => {
      llm.enqueue(reply);
      const brief = await generateBrief(short, {
        channel: channel({ structuredOutput: 'json_object' }),
        language: 'en-US',
      });
      expectFailed(brief);
      expect(brief.reason).toMatch(reason);
      expect(brief.reason).not.toContain(KEY);
      expect(brief.llmCalls).toBe(1);
    },
  );

  it('fails the brief when the endpoint does not answer within timeoutMs', async () => {
    llm.enqueue({ json: plainBrief(), delayMs: 1500 });
    const brief = await generateBrief(short, { channel: channel({ timeoutMs: 200 }), language: 'en-US' });
    expectFailed(brief);
    expect(brief.reason).toMatch(/timed out after 200 ms/);
  });

  it('fails the brief when the endpoint cannot be reached', async () => {
    const brief = await generateBrief(short, {
      channel: channel({ baseUrl: 'http://127.0.0.1:9/v1' }),
      language: 'en-US',
    });
    expectFailed(brief);
    expect(brief.reason).toMatch(/could not reach/);
  });

  it('without a configured LLM fails at once, with llmCalls 0, and calls nothing', async () => {
    const brief = await generateBrief(short, { channel: null, language: 'de-DE' });
    expect(brief).toEqual({
      status: 'failed',
      language: 'de-DE',
      reason: NOT_CONFIGURED_REASON,
      llmCalls: 0,
    });
    expect(llm.requests).toHaveLength(0);
  });

  it('rewrites once when a critical fact is not covered', async () => {
    const fact = { fact: 'Migration 0042 must run first', keyTerms: ['0042'] };
    llm.enqueue(
      { json: { ...plainBrief('Payment service refactored.'), criticalFacts: [fact] } },
      {
        json: {
          ...plainBrief('Payment service refactored; run migration 0042 first.'),
          criticalFacts: [fact],
        },
      },
    );
    const brief = await generateBrief(long, { channel: channel(), language: 'en-US' });
    expectReady(brief);
    expect(brief.llmCalls).toBe(2);
    expect(brief.spoken).toContain('0042');
    expect(brief.addedNotes).toBeUndefined();
    const rewrite = llm.requests[1]?.body.messages ?? [];
    expect(rewrite.at(-1)?.content).toContain('Migration 0042 must run first');
    expect(rewrite.at(-2)?.role).toBe('assistant');
  });

  it('appends added notes with the LLM heading for facts still missing after the rewrite', async () => {
    const fact = { fact: 'La migración 0042 va primero', keyTerms: ['0042'] };
    const draft = {
      ...plainBrief('Servicio de pagos refactorizado.'),
      criticalFacts: [fact],
      addedNotesHeading: 'Además',
    };
    llm.enqueue({ json: draft }, { json: draft });
    const brief = await generateBrief(long, { channel: channel(), language: 'es-ES' });
    expectReady(brief);
    expect(brief.llmCalls).toBe(2);
    expect(brief.addedNotes).toEqual({ heading: 'Además', facts: ['La migración 0042 va primero'] });
  });

  it('rewrites a spoken paragraph over 60 % of an original of 300 characters or more', async () => {
    llm.enqueue(
      { json: plainBrief('x'.repeat(Math.ceil(long.text.length * 0.6) + 1)) },
      { json: plainBrief('Short.') },
    );
    const brief = await generateBrief(long, { channel: channel(), language: 'en-US' });
    expectReady(brief);
    expect(brief.llmCalls).toBe(2);
    expect(brief.spoken).toBe('Short.');
    expect(llm.requests[1]?.body.messages?.at(-1)?.content).toMatch(/at most \d+/);
  });

  it('does not hold originals under 300 characters to the length rule', async () => {
    llm.enqueue({
      json: plainBrief('A spoken paragraph longer than the original text itself, which is fine here.'),
    });
    const brief = await generateBrief(short, { channel: channel(), language: 'en-US' });
    expectReady(brief);
    expect(brief.llmCalls).toBe(1);
  });

  it('keeps the first draft, with notes, when the rewrite call fails', async () => {
    const fact = { fact: 'Migration 0042 must run first', keyTerms: ['0042'] };
    llm.enqueue({ json: { ...plainBrief('Refactored.'), criticalFacts: [fact] } }, { status: 503 });
    const brief = await generateBrief(long, { channel: channel(), language: 'en-US' });
    expectReady(brief);
    expect(brief).toMatchObject({
      spoken: 'Refactored.',
      llmCalls: 2,
      addedNotes: { facts: ['Migration 0042 must run first'] },
    });
  });
});
