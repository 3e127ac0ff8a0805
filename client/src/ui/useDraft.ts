import { useState } from 'react';

/**
 * A form's values, starting from `saved`. Until the user edits them they follow `saved`: a value
 * that changes while the page is open (set from another device, or by the computer's defaults
 * just after pairing) shows at once, and a later Save never writes the old value back over it.
 * Once edited, the draft is the user's and stays.
 */
export function useDraft<T>(saved: T): [T, (edit: (current: T) => T) => void] {
  const [draft, setDraft] = useState<{ values: T; edited: boolean }>({ values: saved, edited: false });
  const savedKey = JSON.stringify(saved);
  const [followedKey, setFollowedKey] = useState(savedKey);
  if (!draft.edited && followedKey !== savedKey) {
    // Adjusted while rendering, so the stale values are never painted.
    setFollowedKey(savedKey);
    setDraft({ values: saved, edited: false });
  }
  const edit = (change: (current: T) => T) =>
    setDraft((current) => ({ values: change(current.values), edited: true }));
  return [draft.values, edit];
}
