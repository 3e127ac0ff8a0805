import { DISPATCH_PROMPT_MAX_CHARS, type DispatchAttachment, RingbackError } from '@ringback/protocol';

/** Alt text cannot close the brackets or break the line. */
function altText(filename: string): string {
  return filename.replace(/[\r\n]+/g, ' ').replace(/([\\[\]])/g, '\\$1');
}

/** A destination cannot hold a space, a newline or an unbalanced parenthesis. */
function destination(url: string): string {
  return url.replace(/[\s()]/g, (c) => encodeURIComponent(c));
}

/** `![<filename>](<markdownUrl>)`, the markdown the tracker's own editor writes for an image. */
export function imageMarkdown(attachment: DispatchAttachment): string {
  return `![${altText(attachment.filename)}](${destination(attachment.markdownUrl)})`;
}

/**
 * The words and images of a dispatch, checked (words or images, words ≤ 8000 characters, counted
 * as the user sees them), and the text the tracker gets: the words, a blank line, then one image
 * line per attachment. The words alone are what the record keeps.
 */
export function dispatchContent(
  prompt: string | undefined,
  attachments: DispatchAttachment[] = [],
): { words: string; content: string; attachmentIds: string[] } {
  const words = (prompt ?? '').trim();
  if (!words && attachments.length === 0) {
    throw new RingbackError('invalid_dispatch', 'send words, images, or both');
  }
  const length = [...words].length;
  if (length > DISPATCH_PROMPT_MAX_CHARS) {
    throw new RingbackError(
      'invalid_dispatch',
      `the words are ${length} characters; at most ${DISPATCH_PROMPT_MAX_CHARS} are accepted`,
    );
  }
  const images = attachments.map(imageMarkdown).join('\n');
  const content = !images ? words : !words ? images : `${words}\n\n${images}`;
  return { words, content, attachmentIds: attachments.map((a) => a.id) };
}
