import { RAW_AUDIO_RESPONSE } from '../../audio/parse-audio';
import { parseJsonWithHoles, stringifyWithHoles } from './json-holes';
import { shellWords } from './shell-words';
import type { HttpTemplate, TemplateHeader, TemplateMethod } from './template';

/** A pasted command that cannot become a template; the message is shown to the user as is. */
export class CurlImportError extends Error {
  override readonly name = 'CurlImportError';
}

const DATA_FLAGS = new Set([
  '-d',
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-ascii',
  '--data-urlencode',
]);
/** Flags that take a value we do not need; skipping the value keeps it from looking like the URL. */
const IGNORED_VALUE_FLAGS = new Set([
  '-o',
  '--output',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '-x',
  '--proxy',
  '--retry',
]);
/** Short flags whose value may be glued on (`-XPOST`, `-d{…}`). */
const SHORT_VALUE_FLAGS = new Set(['-X', '-H', '-d', '-u', '-o', '-m', '-A', '-e', '-x']);

function utf8Base64(text: string): string {
  return btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(''));
}

/** curl's --data-urlencode: `name=content` encodes only the content. */
function urlencodeData(value: string): string {
  const eq = value.indexOf('=');
  if (eq === -1) return encodeURIComponent(value);
  return `${value.slice(0, eq + 1)}${encodeURIComponent(value.slice(eq + 1))}`;
}

function setHeader(headers: TemplateHeader[], name: string, value: string): void {
  const index = headers.findIndex((header) => header.name.toLowerCase() === name.toLowerCase());
  if (index === -1) headers.push({ name, value });
  else headers[index] = { name, value };
}

/** Turns a pasted `curl …` command into a request template (placeholders not yet placed). */
export function parseCurl(command: string): HttpTemplate {
  let words: string[];
  try {
    words = shellWords(command.trim());
  } catch (error) {
    throw new CurlImportError(`Could not read the command: ${(error as Error).message}.`);
  }
  if (words[0]?.toLowerCase() !== 'curl') throw new CurlImportError('The command must start with curl.');
  let method: string | undefined;
  let url: string | undefined;
  let json = false;
  const headers: TemplateHeader[] = [];
  const data: string[] = [];
  for (let i = 1; i < words.length; i++) {
    let flag = words[i] as string;
    let value: string | undefined;
    const short = flag.slice(0, 2);
    if (flag.length > 2 && !flag.startsWith('--') && SHORT_VALUE_FLAGS.has(short)) {
      value = flag.slice(2);
      flag = short;
    }
    const takeValue = (): string => {
      if (value !== undefined) return value;
      const next = words[i + 1];
      if (next === undefined) throw new CurlImportError(`${flag} needs a value.`);
      i++;
      return next;
    };
    if (flag === '-X' || flag === '--request') method = takeValue().toUpperCase();
    else if (flag === '-H' || flag === '--header') {
      const header = takeValue();
      const colon = header.indexOf(':');
      if (colon > 0) setHeader(headers, header.slice(0, colon).trim(), header.slice(colon + 1).trim());
    } else if (DATA_FLAGS.has(flag)) {
      const part = takeValue();
      data.push(flag === '--data-urlencode' ? urlencodeData(part) : part);
    } else if (flag === '--json') {
      data.push(takeValue());
      json = true;
    } else if (flag === '-u' || flag === '--user') {
      setHeader(headers, 'Authorization', `Basic ${utf8Base64(takeValue())}`);
    } else if (flag === '--url') url = takeValue();
    else if (IGNORED_VALUE_FLAGS.has(flag)) takeValue();
    else if (flag.startsWith('-') && flag !== '-') {
      // A flag without a value (-s, -L, --compressed, …): nothing to keep.
    } else if (url === undefined) url = flag;
  }
  if (!url) throw new CurlImportError('The command has no URL.');
  const hasBody = data.length > 0;
  const finalMethod = method ?? (hasBody ? 'POST' : 'GET');
  if (finalMethod !== 'POST' && finalMethod !== 'GET' && finalMethod !== 'PUT') {
    throw new CurlImportError(`The method must be POST, GET or PUT, not ${finalMethod}.`);
  }
  const has = (name: string) => headers.some((header) => header.name.toLowerCase() === name);
  if (json) {
    if (!has('content-type')) headers.push({ name: 'Content-Type', value: 'application/json' });
    if (!has('accept')) headers.push({ name: 'Accept', value: 'application/json' });
  }
  // curl sends a body without a Content-Type as a form.
  if (hasBody && !has('content-type'))
    headers.push({ name: 'Content-Type', value: 'application/x-www-form-urlencoded' });
  let body = data.join('&');
  const contentType = headers.find((header) => header.name.toLowerCase() === 'content-type')?.value ?? '';
  if (contentType.toLowerCase().includes('json')) {
    try {
      body = stringifyWithHoles(parseJsonWithHoles(body));
    } catch {
      // Not valid JSON: keep it as typed; the user sees it read-only and can re-paste.
    }
  }
  return {
    method: finalMethod as TemplateMethod,
    url,
    headers,
    body: finalMethod === 'GET' ? '' : body,
    response: RAW_AUDIO_RESPONSE,
  };
}
