/** Characters that never need quoting in a POSIX shell word. */
const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * One POSIX shell word: left bare when it is safe, else single-quoted with each `'` written as `'\''`
 * (the only character a single-quoted string cannot hold). Empty becomes `''` so it stays one argument.
 */
export function shellQuote(word: string): string {
  if (word === '') return "''";
  if (SAFE_WORD.test(word)) return word;
  return `'${word.replaceAll("'", "'\\''")}'`;
}
