import { splitSentences } from '@ringback/machines';
import type { Brief, EventReport, EventSource } from '@ringback/protocol';

const AGENT_NAMES: Record<EventSource, string> = {
  'claude-code': 'Claude Code',
  codex: 'Codex',
  tracker: 'Multica',
};

export function agentLabel(source: EventSource): string {
  return AGENT_NAMES[source];
}

/** Who is calling: the local agent, or the tracker agent by its name. */
export function callerName(report: EventReport): string {
  if (report.source === 'tracker') return report.agentName || AGENT_NAMES.tracker;
  return AGENT_NAMES[report.source];
}

/** Under the caller's name: the project folder, or the issue (`ACME-42 · Fix the login`). */
export function callSubtitle(report: EventReport): string {
  if (report.source === 'tracker') return `${report.identifier} · ${report.title}`;
  return folderName(report.cwd);
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
