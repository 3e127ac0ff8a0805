import type { Core } from './core.js';
import { uuidv7 } from './ids.js';
import { type IssueStatusDef, STATUS_CATEGORIES, type StatusCategory, type TrackerState } from './model.js';
import { requireWorkspace } from './queries.js';

const BUILTIN_STATUSES: [StatusCategory, string, string][] = [
  ['backlog', 'Backlog', '#6b7280'],
  ['todo', 'Todo', '#6b7280'],
  ['in_progress', 'In Progress', '#f59e0b'],
  ['in_review', 'In Review', '#22c55e'],
  ['done', 'Done', '#3b82f6'],
  ['blocked', 'Blocked', '#ef4444'],
  ['cancelled', 'Cancelled', '#6b7280'],
];

/** Every workspace starts with the seven built-ins (§3.6), all at position 0. */
export function seedBuiltinStatuses(core: Core, workspaceId: string): void {
  const now = core.now();
  for (const [key, name, color] of BUILTIN_STATUSES) {
    const def: IssueStatusDef = {
      id: uuidv7(now),
      workspaceId,
      key,
      name,
      description: '',
      category: key,
      color,
      isSystem: true,
      position: 0,
      archivedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    core.state.statuses.set(def.id, def);
  }
}

export interface CustomStatusOptions {
  key: string;
  name: string;
  category: StatusCategory;
  color?: string;
  description?: string;
  position?: number;
  archived?: boolean;
}

export function addCustomStatus(core: Core, workspaceId: string, opts: CustomStatusOptions): IssueStatusDef {
  requireWorkspace(core.state, workspaceId);
  if (
    !/^[a-z0-9][a-z0-9_]{0,31}$/.test(opts.key) ||
    (STATUS_CATEGORIES as readonly string[]).includes(opts.key)
  ) {
    throw new Error(`invalid custom status key ${opts.key}`);
  }
  const now = core.now();
  const def: IssueStatusDef = {
    id: uuidv7(now),
    workspaceId,
    key: opts.key,
    name: opts.name,
    description: opts.description ?? '',
    category: opts.category,
    color: opts.color ?? '#8b5cf6',
    isSystem: false,
    position: opts.position ?? 1,
    archivedAt: opts.archived ? now : null,
    createdAt: now,
    updatedAt: now,
  };
  core.state.statuses.set(def.id, def);
  return def;
}

/** The catalog in Multica's order: category rank, then position, then key. */
export function statusCatalog(
  state: TrackerState,
  workspaceId: string,
  includeArchived: boolean,
): IssueStatusDef[] {
  const rank = (c: StatusCategory) => STATUS_CATEGORIES.indexOf(c);
  return [...state.statuses.values()]
    .filter((s) => s.workspaceId === workspaceId && (includeArchived || s.archivedAt === null))
    .sort(
      (a, b) => rank(a.category) - rank(b.category) || a.position - b.position || a.key.localeCompare(b.key),
    );
}

export function statusCategoryOf(
  state: TrackerState,
  workspaceId: string,
  key: string,
): StatusCategory | undefined {
  for (const s of state.statuses.values())
    if (s.workspaceId === workspaceId && s.key === key) return s.category;
  return undefined;
}
