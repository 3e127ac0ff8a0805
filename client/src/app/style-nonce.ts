import { setNonce } from 'get-nonce';

/**
 * The relay's policy allows `<style>` elements only with this page load's nonce, which it puts in
 * a `<meta>`. The dialogs' scroll lock (react-remove-scroll, through get-nonce) adds such elements
 * at run time, so it must know the nonce before the first dialog opens.
 */
export function adoptStyleNonce(doc: Pick<Document, 'querySelector'> = document): void {
  const nonce = doc.querySelector('meta[name="ringback-style-nonce"]')?.getAttribute('content');
  if (nonce) setNonce(nonce);
}
