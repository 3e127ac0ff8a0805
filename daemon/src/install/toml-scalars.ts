/** A string or boolean value of a TOML document and the full key path that names it. */
export interface TomlScalar {
  path: string[];
  value: string | boolean;
}

export class TomlSyntaxError extends Error {}

/**
 * Every string and boolean of a TOML document (Codex's `config.toml`) with its full key path:
 * table headers, dotted and quoted keys, inline tables, and every string form. Other values
 * (numbers, dates, arrays) are skipped, and array-of-tables entries are not reported. Enough to
 * read what Codex keeps about hooks (`[hooks.state."<key>"] trusted_hash = "…"`) without a TOML
 * dependency; a document it cannot follow raises `TomlSyntaxError` rather than a wrong answer.
 */
export function readTomlScalars(text: string): TomlScalar[] {
  return new Reader(text).document();
}

class Reader {
  readonly #text: string;
  #at = 0;
  readonly #found: TomlScalar[] = [];

  constructor(text: string) {
    this.#text = text;
  }

  document(): TomlScalar[] {
    // null: inside an array-of-tables entry, whose keys are not reported.
    let table: string[] | null = [];
    for (;;) {
      this.#skipBlank(true);
      if (this.#at >= this.#text.length) return this.#found;
      if (this.#text.startsWith('[[', this.#at)) {
        this.#at += 2;
        this.#keyPath(']');
        this.#expect(']]');
        table = null;
      } else if (this.#text[this.#at] === '[') {
        this.#at += 1;
        table = this.#keyPath(']');
        this.#expect(']');
      } else {
        this.#keyValue(table);
      }
      this.#endOfLine();
    }
  }

  #keyValue(table: string[] | null): void {
    const key = this.#keyPath('=');
    this.#expect('=');
    this.#value(table === null ? null : [...table, ...key]);
  }

  #value(path: string[] | null): void {
    this.#skipBlank(false);
    const rest = this.#text.slice(this.#at);
    if (rest.startsWith('"') || rest.startsWith("'")) {
      this.#report(path, this.#string());
      return;
    }
    if (rest.startsWith('{')) {
      this.#inlineTable(path);
      return;
    }
    if (rest.startsWith('[')) {
      this.#array();
      return;
    }
    const word = /^[A-Za-z0-9_+\-.:]+(?: [0-9][0-9:.+\-Z]*)?/.exec(rest)?.[0];
    if (!word) throw new TomlSyntaxError(`unexpected ${JSON.stringify(rest.slice(0, 10))}`);
    this.#at += word.length;
    if (word === 'true' || word === 'false') this.#report(path, word === 'true');
  }

  #report(path: string[] | null, value: string | boolean): void {
    if (path) this.#found.push({ path, value });
  }

  #inlineTable(path: string[] | null): void {
    this.#expect('{');
    this.#skipBlank(false);
    if (this.#text[this.#at] === '}') {
      this.#at += 1;
      return;
    }
    for (;;) {
      const key = this.#keyPath('=');
      this.#expect('=');
      this.#value(path === null ? null : [...path, ...key]);
      this.#skipBlank(false);
      const next = this.#text[this.#at];
      this.#at += 1;
      if (next === '}') return;
      if (next !== ',') throw new TomlSyntaxError('expected , or } in an inline table');
    }
  }

  #array(): void {
    this.#expect('[');
    for (;;) {
      this.#skipBlank(true);
      if (this.#text[this.#at] === ']') {
        this.#at += 1;
        return;
      }
      this.#value(null);
      this.#skipBlank(true);
      if (this.#text[this.#at] === ',') this.#at += 1;
      else if (this.#text[this.#at] !== ']') throw new TomlSyntaxError('expected , or ] in an array');
    }
  }

  /** `a."b.c".'d'` up to (not including) `end`. */
  #keyPath(end: string): string[] {
    const parts: string[] = [];
    for (;;) {
      this.#skipBlank(false);
      const char = this.#text[this.#at];
      if (char === '"' || char === "'") parts.push(this.#string());
      else {
        const bare = /^[A-Za-z0-9_-]+/.exec(this.#text.slice(this.#at))?.[0];
        if (!bare) throw new TomlSyntaxError('expected a key');
        this.#at += bare.length;
        parts.push(bare);
      }
      this.#skipBlank(false);
      if (this.#text[this.#at] === '.') this.#at += 1;
      else if (this.#text.startsWith(end, this.#at)) return parts;
      else throw new TomlSyntaxError(`expected . or ${end} after a key`);
    }
  }

  #string(): string {
    const quote = this.#text[this.#at] as '"' | "'";
    const multi = this.#text.startsWith(quote.repeat(3), this.#at);
    const delimiter = multi ? quote.repeat(3) : quote;
    this.#at += delimiter.length;
    // A newline right after an opening """ or ''' is not part of the string.
    if (multi && this.#text[this.#at] === '\n') this.#at += 1;
    else if (multi && this.#text.startsWith('\r\n', this.#at)) this.#at += 2;
    let value = '';
    for (;;) {
      if (this.#at >= this.#text.length) throw new TomlSyntaxError('unterminated string');
      // Up to two quotes may end a multi-line string's content: """a"""" is a" + """.
      if (this.#text.startsWith(delimiter, this.#at) && !(multi && this.#text[this.#at + 3] === quote)) {
        this.#at += delimiter.length;
        return value;
      }
      const char = this.#text[this.#at] as string;
      if (!multi && char === '\n') throw new TomlSyntaxError('newline in a string');
      if (quote === '"' && char === '\\') value += this.#escape(multi);
      else {
        value += char;
        this.#at += 1;
      }
    }
  }

  #escape(multi: boolean): string {
    const code = this.#text[this.#at + 1];
    const simple: Record<string, string> = {
      b: '\b',
      t: '\t',
      n: '\n',
      f: '\f',
      r: '\r',
      '"': '"',
      '\\': '\\',
      e: '\x1b',
    };
    if (code !== undefined && code in simple) {
      this.#at += 2;
      return simple[code] as string;
    }
    if (code === 'u' || code === 'U' || code === 'x') {
      const length = code === 'u' ? 4 : code === 'U' ? 8 : 2;
      const hex = this.#text.slice(this.#at + 2, this.#at + 2 + length);
      if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== length) throw new TomlSyntaxError('bad escape');
      this.#at += 2 + length;
      return String.fromCodePoint(Number.parseInt(hex, 16));
    }
    // A line-ending backslash joins lines in a multi-line string.
    const joined = multi ? /^\\[ \t]*\r?\n[\s]*/.exec(this.#text.slice(this.#at))?.[0] : undefined;
    if (joined) {
      this.#at += joined.length;
      return '';
    }
    throw new TomlSyntaxError('bad escape');
  }

  /** Spaces and tabs; with `lines`, also newlines and comments. */
  #skipBlank(lines: boolean): void {
    for (;;) {
      const char = this.#text[this.#at];
      if (char === ' ' || char === '\t') this.#at += 1;
      else if (lines && (char === '\n' || char === '\r')) this.#at += 1;
      else if (lines && char === '#') this.#skipComment();
      else return;
    }
  }

  #skipComment(): void {
    const newline = this.#text.indexOf('\n', this.#at);
    this.#at = newline < 0 ? this.#text.length : newline;
  }

  #endOfLine(): void {
    this.#skipBlank(false);
    if (this.#text[this.#at] === '#') this.#skipComment();
    const char = this.#text[this.#at];
    if (char !== undefined && char !== '\n' && char !== '\r')
      throw new TomlSyntaxError(`unexpected ${JSON.stringify(char)} at the end of a line`);
  }

  #expect(token: string): void {
    this.#skipBlank(false);
    if (!this.#text.startsWith(token, this.#at)) throw new TomlSyntaxError(`expected ${token}`);
    this.#at += token.length;
  }
}
