import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Brief } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import { ZH_CATALOGUE } from '../i18n/catalogue';
import { briefFailureWords, latestBriefFailure } from './brief-failure';

const NOT_CONFIGURED =
  'No LLM is configured on this computer: set one in the app (language model settings) to get briefs.';

const failed = (reason: string): Brief => ({ status: 'failed', language: 'en-US', reason, llmCalls: 0 });
const ready: Brief = {
  status: 'ready',
  language: 'en-US',
  spoken: 'Done.',
  cards: [],
  conclusion: 'Done.',
  pendingQuestions: [],
  criticalFacts: [],
  llmCalls: 1,
  model: 'm',
};

describe('why a brief failed, in words a user acts on', () => {
  it('says a computer with no language model has none, and points at the setting', () => {
    const words = briefFailureWords(NOT_CONFIGURED);
    expect(words.text).toBe('No language model is set up on your computer, so it could not write a brief.');
    expect(words.fix).toBe('llm');
    expect(translate('zh', words.text)).toBe('你的电脑上没有设置语言模型，所以无法撰写简报。');
  });

  it('reads each reason the daemon writes as its own sentence', () => {
    const cases: [string, RegExp][] = [
      ['the LLM call timed out after 60000 ms', /did not answer within 60 s/],
      [
        'could not reach the LLM endpoint (ECONNREFUSED)',
        /could not reach its language model: check the model’s address/,
      ],
      ['the LLM endpoint answered HTTP 401', /refused your computer’s API key: check the key/],
      ['the LLM endpoint answered HTTP 404', /does not know this model/],
      ['the LLM endpoint answered HTTP 429', /over its limit or out of credit/],
      ['the LLM endpoint answered HTTP 400', /may not support structured output/],
      ['the LLM endpoint answered HTTP 502', /service failed: try again later/],
      ['the LLM endpoint answered HTTP error', /answered with an error \(HTTP error\)/],
      ["the LLM's content filter blocked the brief", /content filter blocked the brief/],
      ['the LLM refused to write the brief', /refused to write the brief/],
      ['the LLM answered with no content', /not a usable brief/],
      ['the LLM output is not JSON', /not a usable brief/],
      ['the LLM output does not fit the brief schema: /cards: expected array', /not a usable brief/],
      ['the LLM endpoint answered with a stream', /not a usable brief/],
      ['the LLM call was cancelled', /stopped before the brief was written/],
    ];
    for (const [reason, expected] of cases) {
      const words = briefFailureWords(reason);
      expect(translate('en', words.text, words.values), reason).toMatch(expected);
    }
    expect(briefFailureWords('the LLM call was cancelled').fix).toBeNull();
  });

  it('shows an unknown reason as the computer gave it, after a plain lead-in', () => {
    const words = briefFailureWords('the model server is on fire');
    expect(translate('en', words.text, words.values)).toBe(
      'Your computer said: “the model server is on fire”',
    );
    expect(translate('zh', words.text, words.values)).toBe('你的电脑说：“the model server is on fire”');
  });

  it('has every sentence in Chinese', () => {
    const source = readFileSync(join(import.meta.dirname, 'brief-failure.ts'), 'utf8');
    const sentences = [
      ...source.matchAll(/\btext:\s*'((?:[^'\\]|\\.)*)'/g),
      ...source.matchAll(/UNUSABLE_ANSWER =\s*'([^']*)'/g),
    ]
      .map((match) => match[1] ?? '')
      .filter((text) => /^[A-Z]/.test(text));
    expect(sentences.length).toBeGreaterThan(10);
    expect(sentences.filter((english) => !ZH_CATALOGUE[english])).toEqual([]);
  });
});

describe('the last brief that could not be written', () => {
  it('is the newest call’s, when its brief failed', () => {
    expect(
      latestBriefFailure([
        { eventId: 'a', occurredAt: '2026-01-01T10:00:00Z', brief: ready },
        { eventId: 'b', occurredAt: '2026-01-01T11:00:00Z', brief: failed(NOT_CONFIGURED) },
      ]),
    ).toEqual({ eventId: 'b', reason: NOT_CONFIGURED });
  });

  it('is gone once a newer call had its brief', () => {
    expect(
      latestBriefFailure([
        { eventId: 'b', occurredAt: '2026-01-01T11:00:00Z', brief: failed(NOT_CONFIGURED) },
        { eventId: 'c', occurredAt: Date.parse('2026-01-01T12:00:00Z'), brief: ready },
      ]),
    ).toBeNull();
    expect(latestBriefFailure([])).toBeNull();
  });
});
