/**
 * Bash-like word splitting for pasted cURL commands: single quotes, `$'…'` (\n \t \r escapes),
 * double quotes (\" \\ \$ \` escapes), backslash escapes and backslash-newline continuations.
 */
export function shellWords(command: string): string[] {
  const text = command.replace(/\r\n?/g, '\n');
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const unterminated = (quote: string) => new Error(`the command has an unclosed ${quote} quote`);
  while (i < text.length) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (c === '\\') {
      const next = text[i + 1];
      if (next === '\n') {
        i += 2; // continuation: the line break disappears
      } else {
        if (next !== undefined) word += next;
        inWord = true;
        i += 2;
      }
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) throw unterminated('single');
      word += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '$' && text[i + 1] === "'") {
      i += 2;
      inWord = true;
      let closed = false;
      while (i < text.length) {
        const d = text[i] as string;
        if (d === "'") {
          closed = true;
          i++;
          break;
        }
        if (d === '\\' && i + 1 < text.length) {
          const e = text[i + 1] as string;
          const escapes: Record<string, string> = {
            n: '\n',
            t: '\t',
            r: '\r',
            '\\': '\\',
            "'": "'",
            '"': '"',
          };
          word += escapes[e] ?? `\\${e}`;
          i += 2;
        } else {
          word += d;
          i++;
        }
      }
      if (!closed) throw unterminated("$'");
    } else if (c === '"') {
      i++;
      inWord = true;
      let closed = false;
      while (i < text.length) {
        const d = text[i] as string;
        if (d === '"') {
          closed = true;
          i++;
          break;
        }
        if (d === '\\' && i + 1 < text.length) {
          const e = text[i + 1] as string;
          if (e === '\n') word += '';
          else if ('"\\$`'.includes(e)) word += e;
          else word += `\\${e}`;
          i += 2;
        } else {
          word += d;
          i++;
        }
      }
      if (!closed) throw unterminated('double');
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}
