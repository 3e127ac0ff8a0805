/** Models without schema support often wrap JSON in a markdown fence; take what is inside (as the daemon does). */
export function stripCodeFence(text: string): string {
  const trimmed = text.trim();
  const match = /^```[a-zA-Z0-9_-]*\s*\n([\s\S]*?)\n?```$/.exec(trimmed);
  return match?.[1] !== undefined ? match[1].trim() : trimmed;
}
