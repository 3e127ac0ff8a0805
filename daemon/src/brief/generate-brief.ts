import type { Brief, FailedBrief } from '@ringback/protocol';
import { OpenAI } from 'openai';
import type { LlmChannelConfig } from '../config/daemon-config';
import { DEFAULT_LLM_TIMEOUT_MS } from '../config/llm-channel';
import { checkBrief, passes } from './brief-checks';
import type { BriefOutput } from './brief-output-schema';
import { buildBriefMessages, buildRewriteMessages } from './brief-prompt';
import { callBriefLlm } from './llm-call';

export interface BriefSubject {
  source: 'claude-code' | 'codex' | 'tracker';
  text: string;
}

export interface GenerateBriefOptions {
  /** null when missing baseUrl, apiKey or model, or malformed: not configured. */
  channel: LlmChannelConfig | null;
  /** BCP 47 language-region tag every part of the brief is written in. */
  language: string;
  signal?: AbortSignal;
  log?: { warn(message: string): void };
}

export const NOT_CONFIGURED_REASON =
  'No LLM is configured on this computer: set one in the app (language model settings) to get briefs.';

/**
 * Turns a report into a brief: one structured call, the checks, at most one rewrite, then
 * added notes for critical facts still missing. Never throws: every failure is a failed brief
 * and the report is delivered all the same.
 */
export async function generateBrief(subject: BriefSubject, options: GenerateBriefOptions): Promise<Brief> {
  const { channel, language } = options;
  const failed = (reason: string, llmCalls: number): FailedBrief => ({
    status: 'failed',
    language,
    reason,
    llmCalls,
  });
  if (!channel) return failed(NOT_CONFIGURED_REASON, 0);

  const timeoutMs = channel.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  // Retries would multiply the user's wait; the outbox already survives a failed brief.
  const client = new OpenAI({
    apiKey: channel.apiKey,
    baseURL: channel.baseUrl,
    timeout: timeoutMs,
    maxRetries: 0,
  });
  const messages = buildBriefMessages({
    source: subject.source,
    text: subject.text,
    language,
    schemaInPrompt: channel.structuredOutput === 'json_object',
  });

  const first = await callBriefLlm(client, channel, messages, timeoutMs, options.signal);
  if (!first.ok) return failed(scrub(first.reason, channel.apiKey), 1);
  let llmCalls = 1;
  let final: BriefOutput = first.output;

  const check = checkBrief(first.output, subject.text);
  if (!passes(check)) {
    llmCalls = 2;
    const rewrite = await callBriefLlm(
      client,
      channel,
      buildRewriteMessages(messages, first.output, check, subject.text),
      timeoutMs,
      options.signal,
    );
    // A failed rewrite keeps the first draft: it is still a brief, and the notes below cover its gaps.
    if (rewrite.ok) final = rewrite.output;
    else
      options.log?.warn(
        `brief rewrite failed (${scrub(rewrite.reason, channel.apiKey)}); keeping the first draft`,
      );
  }

  const missing = checkBrief(final, subject.text).missingFacts;
  return {
    status: 'ready',
    language,
    spoken: final.spoken,
    cards: final.cards,
    conclusion: final.conclusion,
    pendingQuestions: final.pendingQuestions,
    criticalFacts: final.criticalFacts.map((fact) => fact.fact),
    ...(missing.length > 0
      ? {
          addedNotes: {
            heading: final.addedNotesHeading.trim() || '…',
            facts: missing.map((fact) => fact.fact),
          },
        }
      : {}),
    llmCalls,
    model: channel.model,
  };
}

/** A reason is shown to the user and logged: make sure no key ever rides along. */
function scrub(text: string, apiKey: string): string {
  return apiKey.length >= 4 ? text.split(apiKey).join('[key]') : text;
}
