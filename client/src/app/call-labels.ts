import { splitSentences } from '@ringback/machines';
import type { Brief, EventSource } from '@ringback/protocol';

const AGENT_NAMES: Record<EventSource, string> = {
  'claude-code': 'Claude Code',
  codex: 'Codex',
  tracker: 'Multica',
};

export function agentLabel(source: EventSource): string {
  return AGENT_NAMES[source];
}

/** The working directory's last part: how a developer names a project at a glance. */
export function folderName(cwd: string): string {
  const parts = cwd.split(/[\\/]+/).filter(Boolean);
  return parts.at(-1) ?? cwd;
}

/** One line that says what the call is about: the brief's first sentence, else the report's. */
export function callPreview(brief: Brief | null, reportText: string): string {
  const source = brief?.status === 'ready' ? brief.spoken : reportText;
  const first = splitSentences(source)[0] ?? source;
  return first.length > 140 ? `${first.slice(0, 139)}…` : first;
}
