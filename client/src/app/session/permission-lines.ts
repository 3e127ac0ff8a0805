import type { PermissionEventPlaintext } from '@ringback/protocol';
import { callPhrases } from '../../phrases';
import { permissionPhrases } from '../../phrases/permission-phrases';
import { agentLabel, folderName } from '../call-labels';
import { mayAllow } from './permission-decision';

/** A long command is shown in full, but read only this far: past it the screen is the place. */
export const SPOKEN_SUBJECT_MAX = 240;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function spokenSubject(subject: string): string {
  const oneLine = subject.replace(/\s+/g, ' ').trim();
  return oneLine.length > SPOKEN_SUBJECT_MAX ? `${oneLine.slice(0, SPOKEN_SUBJECT_MAX - 1)}…` : oneLine;
}

/**
 * What a permission call says, in its brief language (`language` of the request): the title, what
 * the agent wants in which folder (and, for a network request, for which command), and the
 * agent's own words about it. No model is asked: these
 * lines are the whole of what is spoken.
 */
export function permissionLines(permission: PermissionEventPlaintext): { language: string; lines: string[] } {
  const { request } = permission;
  const phrases = permissionPhrases(callPhrases(permission.language).language);
  const values = {
    agent: agentLabel(request.source),
    tool: request.toolName,
    subject: spokenSubject(request.subject),
    folder: folderName(request.cwd),
    description: request.description?.replace(/\s+/g, ' ').trim() ?? '',
  };
  const lines = [fill(phrases.title[request.action], values), fill(phrases.wants[request.action], values)];
  // Right after what it wants: the request said is not the whole of it.
  if (request.command !== undefined)
    lines.push(fill(phrases.forCommand, { command: spokenSubject(request.command) }));
  if (!mayAllow(permission)) lines.push(phrases.incomplete);
  if (values.description) lines.push(fill(phrases.says, values));
  return { language: permission.language, lines };
}
