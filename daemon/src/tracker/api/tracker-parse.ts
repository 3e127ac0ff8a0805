import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { TrackerRequestError } from './tracker-error';
import {
  TrackerAgentSchema,
  TrackerAttachmentSchema,
  TrackerCommentSchema,
  type TrackerIssueList,
  TrackerIssueListSchema,
  TrackerIssueSchema,
  TrackerIssueStatusListSchema,
  TrackerIssueStatusSchema,
  TrackerProjectListSchema,
  TrackerProjectSchema,
  TrackerQuickCreateResultSchema,
  TrackerRuntimeSchema,
  TrackerTaskSchema,
  TrackerWorkspaceSchema,
} from './tracker-schemas';

/** Which call an answer came from, for the error and the skip log. */
export interface TrackerCall {
  method: string;
  path: string;
}

/** Told about each list item that was left out, with why (the field and what is wrong with it). */
export type OnSkippedItem = (call: TrackerCall, what: string) => void;

interface Parser<T> {
  check(raw: unknown): raw is T;
  /** The first mismatch as `field: problem` (`status: must be equal to one of …`). */
  explain(raw: unknown): string;
}

function compile<S extends TSchema>(schema: S): Parser<Static<S>> {
  const compiled = Compile(schema);
  return {
    check: (raw: unknown): raw is Static<S> => compiled.Check(raw),
    explain(raw) {
      const first = compiled.Errors(raw)[0];
      const field = first?.instancePath ? first.instancePath.slice(1).replaceAll('/', '.') : 'the answer';
      return `${field}: ${first?.message ?? 'does not match the schema'}`;
    },
  };
}

/** Compiled once at load; every answer of that kind is checked against the same code. */
const parsers = {
  workspace: compile(TrackerWorkspaceSchema),
  issue: compile(TrackerIssueSchema),
  issueList: compile(TrackerIssueListSchema),
  issueStatus: compile(TrackerIssueStatusSchema),
  issueStatusList: compile(TrackerIssueStatusListSchema),
  project: compile(TrackerProjectSchema),
  projectList: compile(TrackerProjectListSchema),
  agent: compile(TrackerAgentSchema),
  runtime: compile(TrackerRuntimeSchema),
  task: compile(TrackerTaskSchema),
  comment: compile(TrackerCommentSchema),
  attachment: compile(TrackerAttachmentSchema),
  quickCreate: compile(TrackerQuickCreateResultSchema),
};

type Parsers = typeof parsers;
type Parsed<K extends keyof Parsers> = Parsers[K] extends Parser<infer T> ? T : never;

/**
 * One object answer, typed; anything else is a TrackerRequestError naming the first bad field
 * (`identifier: Expected string`). Not retried: the same tracker answers the same way again.
 */
export function parseTrackerObject<K extends keyof Parsers>(
  kind: K,
  raw: unknown,
  call: TrackerCall,
): Parsed<K> {
  const parser = parsers[kind] as Parser<Parsed<K>>;
  if (parser.check(raw)) return raw;
  throw shapeError(call, parser.explain(raw));
}

/**
 * A list answer: the list itself must be an array, but one bad item does not cost the others. It is
 * left out and reported to `onSkipped` (the client logs it), so one malformed task cannot stop a
 * catch-up read.
 */
export function parseTrackerItems<K extends keyof Parsers>(
  kind: K,
  raw: unknown,
  call: TrackerCall,
  onSkipped: OnSkippedItem,
): Parsed<K>[] {
  if (!Array.isArray(raw)) throw shapeError(call, 'expected an array');
  const parser = parsers[kind] as Parser<Parsed<K>>;
  const items: Parsed<K>[] = [];
  raw.forEach((item: unknown, index) => {
    if (parser.check(item)) {
      items.push(item);
      return;
    }
    const id = idOf(item);
    onSkipped(call, `${kind} ${index}${id ? ` (id ${id})` : ''} left out: ${parser.explain(item)}`);
  });
  return items;
}

/** `GET /api/issues`: the wrapper must be there, its issues are parsed one by one. */
export function parseTrackerIssueList(
  raw: unknown,
  call: TrackerCall,
  onSkipped: OnSkippedItem,
): TrackerIssueList {
  const list = parseTrackerObject('issueList', raw, call);
  return { issues: parseTrackerItems('issue', list.issues, call, onSkipped), total: list.total ?? 0 };
}

/** `GET /api/issue-statuses` → `{statuses: [...]}`, items parsed one by one. */
export function parseTrackerStatuses(raw: unknown, call: TrackerCall, onSkipped: OnSkippedItem) {
  const { statuses } = parseTrackerObject('issueStatusList', raw, call);
  return parseTrackerItems('issueStatus', statuses, call, onSkipped);
}

/** `GET /api/projects` → `{projects: [...], total}`, items parsed one by one. */
export function parseTrackerProjects(raw: unknown, call: TrackerCall, onSkipped: OnSkippedItem) {
  const { projects } = parseTrackerObject('projectList', raw, call);
  return parseTrackerItems('project', projects, call, onSkipped);
}

function idOf(item: unknown): string | undefined {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id !== '' ? id.slice(0, 64) : undefined;
}

/** A 2xx whose JSON is not the documented shape: a tracker we do not understand, not worth retrying. */
function shapeError(call: TrackerCall, detail: string): TrackerRequestError {
  return new TrackerRequestError({ kind: 'http', ...call, detail });
}
