import { isUuid } from './ids.js';
import { type Issue, PRIORITIES, type TrackerState } from './model.js';
import { statusCatalog, statusCategoryOf } from './statuses.js';

const SORTS = [
  'position',
  'title',
  'created_at',
  'updated_at',
  'start_date',
  'due_date',
  'last_activity',
  'status',
  'priority',
];
const MAX_LIMIT = 100;

export type IssueQuery = { issues: Issue[]; total: number } | { error: string };

type Params = (name: string) => string | undefined;

/** `GET /api/issues` semantics (§3.3): filters, `q`, sort/direction, limit ≤ 100, offset, `open_only`. */
export function queryIssues(state: TrackerState, workspaceId: string, param: Params): IssueQuery {
  let rows = [...state.issues.values()].filter((i) => i.workspaceId === workspaceId);
  const category = (i: Issue) => statusCategoryOf(state, workspaceId, i.status);

  if (param('open_only') === 'true') {
    rows = rows.filter((i) => category(i) !== 'done' && category(i) !== 'cancelled');
    rows.sort(byPosition);
    return { issues: rows, total: rows.length };
  }

  const projectId = param('project_id');
  if (projectId !== undefined && projectId !== '') {
    if (!isUuid(projectId)) return { error: 'invalid project_id' };
    rows = rows.filter((i) => i.projectId === projectId.toLowerCase());
  }
  const projectIds = list(param('project_ids'));
  if (projectIds) {
    const withNone = param('include_no_project') === 'true';
    rows = rows.filter((i) => (i.projectId ? projectIds.includes(i.projectId) : withNone));
  }
  const statuses = list(param('statuses') ?? param('status'));
  if (statuses) rows = rows.filter((i) => statuses.includes(i.status));
  const categories = list(param('status_categories') ?? param('status_category'));
  if (categories) rows = rows.filter((i) => categories.includes(category(i) ?? ''));
  const priorities = list(param('priorities') ?? param('priority'));
  if (priorities) rows = rows.filter((i) => priorities.includes(i.priority));
  const assignees = list(param('assignee_ids') ?? param('assignee_id'));
  if (assignees) rows = rows.filter((i) => i.assigneeId !== null && assignees.includes(i.assigneeId));
  const assigneeTypes = list(param('assignee_types'));
  if (assigneeTypes)
    rows = rows.filter((i) => i.assigneeType !== null && assigneeTypes.includes(i.assigneeType));
  const creator = param('creator_id');
  if (creator) rows = rows.filter((i) => i.creatorId === creator);
  const ids = list(param('ids'));
  if (ids) rows = rows.filter((i) => ids.includes(i.id));
  if (param('top_level_only') === 'true') rows = rows.filter((i) => i.parentIssueId === null);
  const q = param('q')?.trim();
  if (q) rows = rows.filter(matchesQuery(q));

  const sort = param('sort') || 'position';
  if (!SORTS.includes(sort) && !/^property:[0-9a-f-]{36}$/i.test(sort))
    return { error: 'invalid sort value' };
  const direction = param('direction');
  if (direction !== undefined && direction !== '' && direction !== 'asc' && direction !== 'desc') {
    return { error: 'invalid direction value' };
  }
  rows.sort(comparator(state, workspaceId, sort, direction));

  const total = rows.length;
  const limit = positiveInt(param('limit'), MAX_LIMIT);
  const offset = nonNegativeInt(param('offset'));
  return { issues: rows.slice(offset, offset + Math.min(limit, MAX_LIMIT)), total };
}

/** Every word in the title, or the query is an issue number (`42`, `ACME-42`; prefix not checked). */
function matchesQuery(q: string): (issue: Issue) => boolean {
  const words = q.toLowerCase().split(/\s+/);
  const numberMatch = /^(?:[A-Za-z]+-)?(\d+)$/.exec(q);
  const number = numberMatch ? Number(numberMatch[1]) : null;
  return (issue) => issue.number === number || words.every((w) => issue.title.toLowerCase().includes(w));
}

type Compare = (a: Issue, b: Issue) => number;

function comparator(
  state: TrackerState,
  workspaceId: string,
  sort: string,
  direction: string | undefined,
): Compare {
  if (sort === 'position' || sort.startsWith('property:')) return byPosition;
  if (sort === 'last_activity') {
    const sign = direction === 'asc' ? 1 : -1;
    return (a, b) => nullsLast(a.lastActivityAt, b.lastActivityAt, sign) || cmp(b.id, a.id);
  }
  const sign = direction === 'desc' ? -1 : 1;
  const catalog = statusCatalog(state, workspaceId, true).map((s) => s.key);
  const key: Record<string, (i: Issue) => string | number | null> = {
    title: (i) => i.title,
    created_at: (i) => i.createdAt,
    updated_at: (i) => i.updatedAt,
    start_date: (i) => i.startDate,
    due_date: (i) => i.dueDate,
    status: (i) => catalog.indexOf(i.status),
    priority: (i) => PRIORITIES.indexOf(i.priority),
  };
  const read = key[sort] ?? ((i: Issue) => i.position);
  return (a, b) => nullsLast(read(a), read(b), sign) || cmp(b.createdAt, a.createdAt) || cmp(b.id, a.id);
}

function byPosition(a: Issue, b: Issue): number {
  return cmp(a.position, b.position) || cmp(b.createdAt, a.createdAt) || cmp(b.id, a.id);
}

function nullsLast<T extends string | number>(a: T | null, b: T | null, sign: number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return sign * cmp(a, b);
}

function cmp<T extends string | number>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function list(value: string | undefined): string[] | undefined {
  if (value === undefined || value === '') return undefined;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function nonNegativeInt(value: string | undefined): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
