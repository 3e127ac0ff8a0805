import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendHttpError, sendMiddlewareError } from './http.js';
import { hashToken, isUuid } from './ids.js';
import type { Role, TrackerState, Workspace } from './model.js';

/** Who a request is, filled by the auth hook; a WeakMap keeps Fastify's request type untouched. */
const users = new WeakMap<FastifyRequest, string>();
const workspaces = new WeakMap<FastifyRequest, { workspace: Workspace; role: Role }>();

export function userOf(request: FastifyRequest): string {
  const id = users.get(request);
  if (!id) throw new Error('route is missing the auth hook');
  return id;
}

export function workspaceOf(request: FastifyRequest): Workspace {
  const entry = workspaces.get(request);
  if (!entry) throw new Error('route is missing the workspace hook');
  return entry.workspace;
}

/** A PAT's user, or the 401 message Multica gives (`invalid token` covers unknown, revoked and expired). */
export function userForToken(
  state: TrackerState,
  token: string,
  now: number,
): { userId: string } | { error: string } {
  if (!token.startsWith('mul_')) return { error: 'invalid token' };
  const pat = state.pats.get(hashToken(token));
  if (!pat || pat.revoked || (pat.expiresAt !== null && pat.expiresAt <= now))
    return { error: 'invalid token' };
  if (!state.users.has(pat.userId)) return { error: 'invalid token' };
  return { userId: pat.userId };
}

/**
 * Multica's auth middleware: exactly `Bearer <token>`, else the `multica_auth` cookie, else
 * "missing". The fake mints no JWTs, so any cookie is an invalid one. Errors are `http.Error`s.
 */
export function authHook(state: TrackerState, now: () => number) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    let token: string | undefined;
    if (typeof header === 'string' && header.startsWith('Bearer ')) token = header.slice('Bearer '.length);
    else if (/(^|;\s*)multica_auth=/.test(request.headers.cookie ?? '')) token = '';
    if (token === undefined) return sendHttpError(reply, 401, '{"error":"missing authorization"}');
    const result = userForToken(state, token, now());
    if ('error' in result) return sendHttpError(reply, 401, JSON.stringify({ error: result.error }));
    users.set(request, result.userId);
  };
}

type Resolution = { workspace: Workspace; role: Role } | { status: number; error: string } | { none: true };

/**
 * Workspace selection for workspace-scoped routes (§2.3): `?workspace_slug=`, `X-Workspace-Slug`,
 * `?workspace_id=`, `X-Workspace-ID`, in that order; non-members get 404 `workspace not found`.
 */
export function resolveWorkspace(
  state: TrackerState,
  request: FastifyRequest,
  order: Source[] = QUERY_FIRST,
): Resolution {
  const userId = userOf(request);
  for (const source of order) {
    const value = readSource(request, source);
    if (!value) continue;
    let workspace: Workspace | undefined;
    if (source.kind === 'slug') {
      workspace = [...state.workspaces.values()].find((w) => w.slug === value);
    } else {
      if (!isUuid(value)) return { status: 400, error: 'invalid workspace_id' };
      workspace = state.workspaces.get(value.toLowerCase());
    }
    const role = workspace?.members.get(userId);
    if (!workspace || !role) return { status: 404, error: 'workspace not found' };
    return { workspace, role };
  }
  return { none: true };
}

export interface Source {
  kind: 'slug' | 'id';
  from: 'query' | 'header';
}

const QUERY_FIRST: Source[] = [
  { kind: 'slug', from: 'query' },
  { kind: 'slug', from: 'header' },
  { kind: 'id', from: 'query' },
  { kind: 'id', from: 'header' },
];

/** `/api/upload-file` reads the identifiers itself, header slug first. */
export const UPLOAD_ORDER: Source[] = [
  { kind: 'slug', from: 'header' },
  { kind: 'slug', from: 'query' },
  { kind: 'id', from: 'header' },
  { kind: 'id', from: 'query' },
];

function readSource(request: FastifyRequest, source: Source): string | undefined {
  if (source.from === 'query') {
    const value = (request.query as Record<string, unknown>)[
      source.kind === 'slug' ? 'workspace_slug' : 'workspace_id'
    ];
    return typeof value === 'string' ? value : undefined;
  }
  const value = request.headers[source.kind === 'slug' ? 'x-workspace-slug' : 'x-workspace-id'];
  return typeof value === 'string' ? value : undefined;
}

/** onRequest hook for the workspace-scoped subtree (runs after `authHook`). */
export function workspaceHook(state: TrackerState) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const resolved = resolveWorkspace(state, request);
    if ('none' in resolved)
      return sendMiddlewareError(reply, 400, 'workspace_id or workspace_slug is required');
    if ('status' in resolved) return sendMiddlewareError(reply, resolved.status, resolved.error);
    workspaces.set(request, resolved);
  };
}
