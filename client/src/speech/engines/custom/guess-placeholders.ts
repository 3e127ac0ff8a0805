import { holeMarker, holeName, isHoleMarker, parseJsonWithHoles, stringifyWithHoles } from './json-holes';
import { parseCurl } from './parse-curl';
import { type HttpTemplate, headerValue } from './template';

export type PlaceholderRole = 'text' | 'voice' | 'speed';
export const PLACEHOLDER_ROLES: readonly PlaceholderRole[] = ['text', 'voice', 'speed'];

/** A value in the imported request that a placeholder could take the place of. */
export interface TemplateSlot {
  /** `json:a.b.0`, `form:name` or `query:name`. */
  readonly id: string;
  readonly location: 'json' | 'form' | 'query';
  readonly path: string;
  /** The last non-index key: what guessing matches on. */
  readonly name: string;
  /** The imported value, cut to 18 characters for the chip. */
  readonly sample: string;
  readonly numeric: boolean;
}

/** Which slot each placeholder sits in (slot id), if any. */
export type SlotAssignment = Partial<Record<PlaceholderRole, string>>;

const GUESS_NAMES: Record<PlaceholderRole, readonly string[]> = {
  text: ['text', 'input', 'tts_text', 'content', 'ssml', 'message', 'prompt'],
  voice: ['voice', 'voice_id', 'voiceid', 'speaker', 'spk_id', 'voicetype', 'voice_type'],
  speed: ['speed', 'rate', 'speech_rate', 'speaking_rate', 'speed_ratio'],
};

function chip(value: string): string {
  return value.length > 18 ? `${value.slice(0, 17)}…` : value;
}

function isJsonBody(template: HttpTemplate): boolean {
  return (headerValue(template.headers, 'content-type') ?? '').toLowerCase().includes('json');
}

function isFormBody(template: HttpTemplate): boolean {
  return (headerValue(template.headers, 'content-type') ?? '')
    .toLowerCase()
    .includes('x-www-form-urlencoded');
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

function pairs(query: string): [string, string][] {
  return query
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq === -1 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
    });
}

function jsonLeaves(value: unknown, path: string[], out: TemplateSlot[]): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) jsonLeaves(item, [...path, String(index)], out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) jsonLeaves(item, [...path, key], out);
  } else if (path.length > 0) {
    const dotted = path.join('.');
    const name = [...path].reverse().find((key) => !/^\d+$/.test(key)) ?? '';
    const sample = isHoleMarker(value) ? `{{${holeName(value)}}}` : String(value);
    out.push({
      id: `json:${dotted}`,
      location: 'json',
      path: dotted,
      name,
      sample: chip(sample),
      numeric: typeof value === 'number',
    });
  }
}

/** Every value of the request a placeholder could go in: JSON leaves, form fields, query params. */
export function listSlots(template: HttpTemplate): TemplateSlot[] {
  const slots: TemplateSlot[] = [];
  if (template.method !== 'GET' && isJsonBody(template)) {
    try {
      jsonLeaves(parseJsonWithHoles(template.body), [], slots);
    } catch {
      // A body that is not JSON has no slots to offer.
    }
  } else if (template.method !== 'GET' && isFormBody(template)) {
    for (const [key, value] of pairs(template.body)) {
      const name = decodePart(key);
      slots.push({
        id: `form:${name}`,
        location: 'form',
        path: name,
        name,
        sample: chip(decodePart(value)),
        numeric: false,
      });
    }
  }
  const query = template.url.split('#')[0]?.split('?')[1] ?? '';
  for (const [key, value] of pairs(query)) {
    const name = decodePart(key);
    slots.push({
      id: `query:${name}`,
      location: 'query',
      path: name,
      name,
      sample: chip(decodePart(value)),
      numeric: false,
    });
  }
  return slots;
}

/** For each placeholder, the first slot whose name matches, trying the known names in order. */
export function guessAssignment(slots: readonly TemplateSlot[]): SlotAssignment {
  const assignment: SlotAssignment = {};
  const taken = new Set<string>();
  for (const role of PLACEHOLDER_ROLES) {
    for (const name of GUESS_NAMES[role]) {
      const slot = slots.find(
        (candidate) => !taken.has(candidate.id) && candidate.name.toLowerCase() === name,
      );
      if (slot) {
        assignment[role] = slot.id;
        taken.add(slot.id);
        break;
      }
    }
  }
  return assignment;
}

/** Moves a placeholder to a slot; a placeholder already there gives the slot up. */
export function assignSlot(
  assignment: SlotAssignment,
  role: PlaceholderRole,
  slotId: string,
): SlotAssignment {
  const next: SlotAssignment = {};
  for (const other of PLACEHOLDER_ROLES) {
    const id = assignment[other];
    if (other !== role && id !== undefined && id !== slotId) next[other] = id;
  }
  next[role] = slotId;
  return next;
}

function setAtPath(root: unknown, path: string, value: unknown): void {
  const keys = path.split('.');
  let current = root as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) current = current[key] as Record<string, unknown>;
  current[keys[keys.length - 1] as string] = value;
}

function rewritePairs(
  query: string,
  location: 'form' | 'query',
  roleOf: Map<string, PlaceholderRole>,
): string {
  // Built by hand so placeholders keep literal braces for rendering to fill.
  return pairs(query)
    .map(([key, value]) => {
      const role = roleOf.get(`${location}:${decodePart(key)}`);
      return `${key}=${role ? `{{${role}}}` : value}`;
    })
    .join('&');
}

/** The imported request with each placeholder written into its slot. */
export function applyAssignment(original: HttpTemplate, assignment: SlotAssignment): HttpTemplate {
  const slots = new Map(listSlots(original).map((slot) => [slot.id, slot]));
  const roleOf = new Map<string, PlaceholderRole>();
  for (const role of PLACEHOLDER_ROLES) {
    const id = assignment[role];
    if (id !== undefined && slots.has(id)) roleOf.set(id, role);
  }
  let body = original.body;
  if ([...roleOf.keys()].some((id) => id.startsWith('json:'))) {
    const document = parseJsonWithHoles(original.body);
    for (const [id, role] of roleOf) {
      const slot = slots.get(id);
      if (slot?.location !== 'json') continue;
      // Numeric speed stays unquoted so it renders as a number.
      setAtPath(document, slot.path, role === 'speed' && slot.numeric ? holeMarker('speed') : `{{${role}}}`);
    }
    body = stringifyWithHoles(document);
  } else if (isFormBody(original) && original.method !== 'GET') {
    body = rewritePairs(original.body, 'form', roleOf);
  }
  let url = original.url;
  const queryStart = url.indexOf('?');
  if (queryStart !== -1) {
    const hashStart = url.indexOf('#', queryStart);
    const end = hashStart === -1 ? url.length : hashStart;
    url = `${url.slice(0, queryStart + 1)}${rewritePairs(url.slice(queryStart + 1, end), 'query', roleOf)}${url.slice(end)}`;
  }
  return { ...original, url, body };
}

export interface CurlImport {
  /** The request as pasted; keep it to move placeholders later with applyAssignment. */
  readonly original: HttpTemplate;
  readonly slots: readonly TemplateSlot[];
  readonly assignment: SlotAssignment;
  readonly template: HttpTemplate;
}

/** Paste → template: parse the command, list its slots and place the guessed placeholders. */
export function importCurl(command: string): CurlImport {
  const original = parseCurl(command);
  const slots = listSlots(original);
  const assignment = guessAssignment(slots);
  return { original, slots, assignment, template: applyAssignment(original, assignment) };
}
