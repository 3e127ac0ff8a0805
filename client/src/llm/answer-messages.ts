import { type Brief, languageDisplayName } from '@ringback/protocol';
import { briefWithFormOfAddress, replaceFormOfAddress } from '../format/form-of-address';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** A local agent's turn, or a finished tracker task (whose issue says what the work was). */
export type AnswerReport =
  | { source: string; text: string; cwd: string }
  | { source: 'tracker'; text: string; agentName: string; identifier: string; title: string };

/** Where the user is in the spoken brief when they ask. */
export interface ListeningProgress {
  heardSentences: string[];
  remainingSentences: string[];
}

export interface AnswerTurn {
  role: 'user' | 'assistant';
  text: string;
}

export interface AnswerContext {
  report: AnswerReport;
  /** Null when the event carried no readable brief. */
  brief: Brief | null;
  progress: ListeningProgress;
  /** Earlier questions and answers of this call, oldest first. */
  history: AnswerTurn[];
  question: string;
  /** The brief language (BCP 47): answers are spoken in it. */
  language: string;
  formOfAddress: string;
}

const AGENT_NAMES: Record<string, string> = {
  'claude-code': 'Claude Code',
  codex: 'Codex',
  tracker: 'a tracker agent',
};

function briefSection(brief: Brief | null, form: string): string {
  if (!brief) return 'There is no brief: the user is hearing the original text.';
  if (brief.status === 'failed')
    return `No brief could be made (${brief.reason}); the user is hearing the original text.`;
  const b = briefWithFormOfAddress(brief, form);
  if (b.status === 'failed') return '';
  const lines = [`Spoken paragraph: ${b.spoken}`];
  if (b.cards.length > 0) lines.push('Cards:', ...b.cards.map((card) => `- ${card.title}: ${card.body}`));
  lines.push(`Conclusion: ${b.conclusion}`);
  if (b.pendingQuestions.length > 0)
    lines.push('Questions the agent is waiting on:', ...b.pendingQuestions.map((q) => `- ${q}`));
  if (b.addedNotes) lines.push(`${b.addedNotes.heading}:`, ...b.addedNotes.facts.map((fact) => `- ${fact}`));
  return lines.join('\n');
}

function progressSection({ heardSentences, remainingSentences }: ListeningProgress): string {
  if (heardSentences.length === 0) return 'The user has not heard any of the brief yet.';
  const heard = `Heard so far:\n${heardSentences.join(' ')}`;
  if (remainingSentences.length === 0) return `${heard}\nThe user has heard the whole brief.`;
  return (
    `${heard}\nThe user stopped there and asked; ${remainingSentences.length} sentence(s) not heard yet, ` +
    `starting with: "${remainingSentences[0]}"`
  );
}

function whatTheAgentDid(report: AnswerReport): string {
  if ('identifier' in report) {
    return `had the Multica agent ${report.agentName} work on issue ${report.identifier} "${report.title}"`;
  }
  const agent = AGENT_NAMES[report.source] ?? report.source;
  return `ran ${agent} in ${report.cwd || 'their project'}`;
}

/**
 * The chat for one typed question: a system prompt with the rules, the full report (never truncated: the
 * answer may hinge on any line of it), the brief, and how far the user listened; then the call's earlier
 * turns and the question. Pure, so what the model is told can be tested.
 */
export function buildAnswerMessages(context: AnswerContext): ChatMessage[] {
  const form = replaceFormOfAddress('{form-of-address}', context.formOfAddress);
  const language = `${languageDisplayName(context.language)} (${context.language})`;
  const system = [
    `You are on a phone call with ${form}, who ${whatTheAgentDid(context.report)}. They are listening to a spoken brief of the agent's final reply and have interrupted with a question.`,
    `Answer in ${language}, whatever the language of the question or the report. Keep code identifiers, file names, numbers and versions exactly as written.`,
    'Your answer is read aloud by a speech engine: a few short spoken sentences, no markdown, no lists, no code blocks, no URLs.',
    `When you address the user, call them "${form}".`,
    "Answer from the agent's reply below. When it does not say, say so plainly; never guess.",
    '',
    "The agent's final reply, in full:",
    '<report>',
    context.report.text,
    '</report>',
    '',
    'The brief being read to the user:',
    '<brief>',
    briefSection(context.brief, context.formOfAddress),
    '</brief>',
    '',
    'Listening progress:',
    progressSection(context.progress),
  ].join('\n');
  return [
    { role: 'system', content: system },
    ...context.history.map((turn): ChatMessage => ({ role: turn.role, content: turn.text })),
    { role: 'user', content: context.question },
  ];
}
