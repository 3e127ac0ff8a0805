import { NEED_MAX_CHARS } from './NeedField';
import type { DispatchAgentOption, DispatchImageItem, DispatchIssueOption, DispatchMode } from './types';

export type CallReasonInput = {
  /** The parent's reason (computer offline, no daemon, no tracker, agent offline), first. */
  blockedReason: string | null;
  mode: DispatchMode;
  projectId: string | null;
  agent: DispatchAgentOption | undefined;
  selectedIssue: DispatchIssueOption | null;
  text: string;
  images: DispatchImageItem[];
};

/** Why the Call button cannot be used now, in words; null when it can. */
export function callReason(input: CallReasonInput): string | null {
  if (input.blockedReason) return input.blockedReason;
  if (input.mode === 'new') {
    if (!input.projectId) return 'Choose a project.';
    if (!input.agent) return 'Choose an agent.';
    // The tracker refuses a dispatch to an offline agent, so it cannot be called even if the parent forgot.
    if (!input.agent.online) return `${input.agent.name} is offline.`;
  } else if (!input.selectedIssue) {
    return 'Choose an issue.';
  }
  if (input.text.length > NEED_MAX_CHARS) return `Shorten the words to ${NEED_MAX_CHARS} characters.`;
  if (input.images.some((image) => image.state === 'failed')) return 'An image failed: retry or remove it.';
  if (!input.text.trim() && input.images.length === 0)
    return 'Say what the agent should do, or add an image.';
  return null;
}
