import type { PermissionEventPlaintext, PermissionOutcomePlaintext } from '@ringback/protocol';
import type { Translate } from '../i18n';
import type { CallRecord } from '../storage';
import type { PermissionRequestView } from '../ui/permission/PermissionRequestCard';
import { agentLabel, folderName } from './call-labels';
import { mayAllow } from './session/permission-decision';

/** The call's title in the interface language: "Claude Code asks to run a command". */
export function permissionTitle(permission: PermissionEventPlaintext, t: Translate): string {
  const { request } = permission;
  const agent = agentLabel(request.source);
  switch (request.action) {
    case 'command':
      return t('{agent} asks to run a command', { agent });
    case 'file':
      return t('{agent} asks to edit a file', { agent });
    case 'network':
      return t('{agent} asks to reach the network', { agent });
    default:
      return t('{agent} asks to use {tool}', { agent, tool: request.toolName });
  }
}

/** Claude Code's tools whose change is lines out and in (`- `, `+ `), not a file's content. */
const EDIT_TOOLS = new Set(['Edit', 'MultiEdit']);

export function permissionRequestView(
  permission: PermissionEventPlaintext,
  t: Translate,
): PermissionRequestView {
  const { request } = permission;
  return {
    title: permissionTitle(permission, t),
    folder: folderName(request.cwd),
    subject: request.subject,
    description: request.description?.trim() || null,
    change:
      request.change === undefined ? null : { text: request.change, edits: EDIT_TOOLS.has(request.toolName) },
    command: request.command ?? null,
    complete: mayAllow(permission),
  };
}

/** Where the decision's reply is, as its machine says. */
export type DecisionSending =
  | 'sending'
  | 'unsent'
  | 'queued'
  | 'dispatched'
  | 'delivered'
  | 'failed'
  | 'refused';

/** What the decided screen says: the decision, then how it reached the computer. */
export interface PermissionOutcome {
  behavior: 'allow' | 'deny';
  message: string | null;
  delivery:
    | { state: 'sending' }
    | { state: 'delivered'; agent: string }
    | { state: 'tooLate' }
    | { state: 'alreadyDecided' }
    /** An allow of a request not shown whole: the computer refused it. */
    | { state: 'incomplete' }
    /** Not sent (offline, relay down): Retry. */
    | { state: 'unsent'; reason: string }
    /** The computer could not deliver it for another reason, said in its words. */
    | { state: 'failed'; reason: string };
}

export function permissionOutcomeOf(
  record: CallRecord,
  sending: DecisionSending | null,
  reason: string | null,
): PermissionOutcome | null {
  const decision = record.permission?.decision;
  if (!record.permission || !decision) return null;
  const base = { behavior: decision.behavior, message: decision.message ?? null };
  const known = record.permission.delivery;
  if (known === 'tooLate') return { ...base, delivery: { state: 'tooLate' } };
  if (known === 'alreadyDecided') return { ...base, delivery: { state: 'alreadyDecided' } };
  if (known === 'incomplete') return { ...base, delivery: { state: 'incomplete' } };
  if (known === 'delivered' || sending === 'delivered')
    return {
      ...base,
      delivery: { state: 'delivered', agent: agentLabel(record.permission.request.request.source) },
    };
  if (sending === 'unsent') return { ...base, delivery: { state: 'unsent', reason: reason ?? '' } };
  if (sending === 'failed') return { ...base, delivery: { state: 'failed', reason: reason ?? '' } };
  // Refused without a known outcome: the relay would not take it, so the computer never will.
  if (sending === 'refused') return { ...base, delivery: { state: 'tooLate' } };
  return { ...base, delivery: { state: 'sending' } };
}

/**
 * A permission call that ended without this device's decision: where it was answered, or, once
 * the computer told how another device decided (`outcome`), that decision and its device.
 */
export function endedElsewhereText(
  permission: PermissionEventPlaintext,
  by: { deviceId: string; name: string } | null | undefined,
  t: Translate,
  outcome?: PermissionOutcomePlaintext,
): string {
  if (outcome)
    return outcome.behavior === 'allow'
      ? t('Allowed on {device}', { device: outcome.deviceName })
      : t('Denied on {device}', { device: outcome.deviceName });
  if (!by || by.deviceId === permission.computer.deviceId) return endedByComputerText(permission, t);
  return t('Answered on {device}', { device: by.name });
}

/**
 * A permission call its computer ended: answered there (or the wait ran out); in a session
 * resumed from the phone nobody is at the computer, so its agent stopped waiting (the hook gave
 * up, denying, or the turn ended). Not "nothing was allowed": a resumed session reopened at a
 * terminal may have been allowed there.
 */
export function endedByComputerText(permission: PermissionEventPlaintext, t: Translate): string {
  return permission.request.resumed ? t('The agent stopped waiting') : t('Answered at the computer');
}

/** A calls-page row: the title and the subject's start, so rows of one agent tell apart. */
export function permissionRowTitle(permission: PermissionEventPlaintext, t: Translate): string {
  const subject = permission.request.subject.replace(/\s+/g, ' ').trim();
  const line = `${permissionTitle(permission, t)}: ${subject}`;
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}
