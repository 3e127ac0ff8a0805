import type { Translate } from '../../i18n';
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
export function callReason(
  input: CallReasonInput,
  t: Translate = (english, values) =>
    english.replace(/\{(\w+)\}/g, (whole, name: string) => String(values?.[name] ?? whole)),
): string | null {
  if (input.blockedReason) return input.blockedReason;
  if (input.mode === 'new') {
    if (!input.projectId) return t('Choose a project.');
    if (!input.agent) return t('Choose an agent.');
    // The tracker refuses a dispatch to an offline agent, so it cannot be called even if the parent forgot.
    if (!input.agent.online) return t('{name} is offline.', { name: input.agent.name });
  } else if (!input.selectedIssue) {
    return t('Choose an issue.');
  }
  if (input.text.length > NEED_MAX_CHARS)
    return t('Shorten the words to {count} characters.', { count: NEED_MAX_CHARS });
  if (input.images.some((image) => image.state === 'failed'))
    return t('An image failed: retry or remove it.');
  if (!input.text.trim() && input.images.length === 0)
    return t('Say what the agent should do, or add an image.');
  return null;
}
