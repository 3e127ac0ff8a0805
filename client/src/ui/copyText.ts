/**
 * Copies text to the clipboard. The async Clipboard API exists only in secure contexts, and the
 * app is often served over plain http://<LAN address>, so fall back to a hidden textarea. The
 * fallback also runs when the write is refused (a host that denies the clipboard permission, a
 * page without focus): `execCommand('copy')` is asked for no permission of its own.
 */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused: the textarea below may still get it there.
    }
  }
  copyThroughSelection(text);
}

function copyThroughSelection(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'rb-visually-hidden';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy was refused by the browser');
  } finally {
    area.remove();
  }
}
