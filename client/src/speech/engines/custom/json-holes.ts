/**
 * JSON bodies may hold unquoted placeholders (`"speed": {{speed}}`) so they render as numbers.
 * To parse such a body, those placeholders are quoted temporarily as marker strings; after
 * editing, `restoreHoles` turns the markers back into bare placeholders.
 */
const MARK = '\u0000hole:';

export function holeMarker(name: string): string {
  return `${MARK}${name}\u0000`;
}

/** Parses JSON whose bare `{{name}}` placeholders become marker strings; throws on bad JSON. */
export function parseJsonWithHoles(body: string): unknown {
  let out = '';
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (inString) {
      out += c;
      if (c === '\\') {
        out += body[i + 1] ?? '';
        i++;
      } else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
      continue;
    }
    const hole = /^\{\{\s*([A-Za-z_]+)\s*\}\}/.exec(body.slice(i));
    if (hole) {
      out += JSON.stringify(holeMarker(hole[1] as string));
      i += hole[0].length - 1;
      continue;
    }
    out += c;
  }
  return JSON.parse(out);
}

/** Marker strings, where they are whole JSON strings, become bare `{{name}}` again. */
export function restoreHoles(json: string): string {
  return json.replace(/"\\u0000hole:([A-Za-z_]+)\\u0000"/g, '{{$1}}');
}

/** The placeholder name a marker stands for. */
export function holeName(marker: string): string {
  return marker.slice(MARK.length, -1);
}

export function isHoleMarker(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(MARK);
}

/** Pretty JSON (2 spaces) with bare placeholders restored. */
export function stringifyWithHoles(value: unknown): string {
  return restoreHoles(JSON.stringify(value, null, 2));
}
