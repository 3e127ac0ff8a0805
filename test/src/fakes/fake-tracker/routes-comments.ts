import type { FastifyInstance } from 'fastify';
import { userOf, workspaceOf } from './auth.js';
import type { Core } from './core.js';
import { jsonBody, pathParam, queryParam, sendError, sendJson } from './http.js';
import { isUuid } from './ids.js';
import { findIssueRef } from './queries.js';
import { commentJson } from './serialize.js';
import { insertComment } from './store.js';
import type { TaskEngine } from './tasks.js';
import { agentsToTrigger } from './triggers.js';

/** Multica returns at most the newest 2 000 comments, oldest first. */
const COMMENT_WINDOW = 2000;

/** Comments (§6.1–6.2): a member comment may wake the assigned agent (a task with `trigger_comment_id`). */
export function registerCommentRoutes(app: FastifyInstance, core: Core, engine: TaskEngine): void {
  const { state } = core;

  app.get('/api/issues/:id/comments', async (request, reply) => {
    const issue = findIssueRef(state, workspaceOf(request).id, pathParam(request, 'id'));
    if (!issue) return sendError(reply, 404, 'issue not found');
    let comments = [...state.comments.values()].filter((c) => c.issueId === issue.id);
    const since = queryParam(request, 'since');
    if (since) {
      const sinceMs = Date.parse(since);
      if (Number.isNaN(sinceMs)) return sendError(reply, 400, 'invalid since');
      comments = comments.filter((c) => c.createdAt > sinceMs);
    }
    comments.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    if (comments.length > COMMENT_WINDOW) {
      comments = comments.slice(-COMMENT_WINDOW);
      reply.header('x-comments-truncated', 'true');
    }
    return sendJson(
      reply,
      200,
      comments.map((c) => commentJson(state, c, core.publicUrl())),
    );
  });

  app.post('/api/issues/:id/comments', async (request, reply) => {
    const ws = workspaceOf(request);
    const issue = findIssueRef(state, ws.id, pathParam(request, 'id'));
    if (!issue) return sendError(reply, 404, 'issue not found');
    const body = jsonBody(request);
    if (!body) return sendError(reply, 400, 'invalid request body');
    // Go strips NUL bytes and invalid UTF-8 before the emptiness check.
    const content = typeof body.content === 'string' ? body.content.replace(/\0|\uFFFD/g, '') : '';
    if (!content.trim()) return sendError(reply, 400, 'content is required');
    const type = body.type ?? 'comment';
    if (type !== 'comment' && type !== 'progress_update')
      return sendError(reply, 400, 'invalid comment type');
    let parentId: string | null = null;
    if (body.parent_id !== undefined && body.parent_id !== null && body.parent_id !== '') {
      if (!isUuid(body.parent_id)) return sendError(reply, 400, 'invalid parent_id');
      const parent = state.comments.get(body.parent_id.toLowerCase());
      if (!parent || parent.issueId !== issue.id) return sendError(reply, 400, 'invalid parent comment');
      parentId = parent.id;
    }
    const attachmentIds = body.attachment_ids ?? [];
    if (!Array.isArray(attachmentIds) || !attachmentIds.every(isUuid)) {
      return sendError(reply, 400, 'invalid attachment_ids');
    }
    const userId = userOf(request);
    const comment = insertComment(core, issue, {
      content,
      type,
      author: { type: 'member', id: userId },
      parentId,
    });
    // Best-effort, silent binding: only uploads already bound to this issue and to no comment.
    for (const id of attachmentIds) {
      const attachment = state.attachments.get(id.toLowerCase());
      if (attachment && attachment.issueId === issue.id && attachment.commentId === null)
        attachment.commentId = comment.id;
    }
    issue.revision += 1;
    issue.updatedAt = core.now();
    const json = commentJson(state, comment, core.publicUrl());
    core.emit(ws.id, {
      type: 'comment:created',
      payload: {
        comment: json,
        issue_title: issue.title,
        issue_assignee_type: issue.assigneeType,
        issue_assignee_id: issue.assigneeId,
        issue_status: issue.status,
        issue_revision: issue.revision,
      },
      actor_id: userId,
      actor_type: 'member',
    });
    for (const agent of agentsToTrigger(state, issue, comment, userId)) {
      // Coalesce into a pending task of the same agent on this issue, else enqueue a new one.
      const pending = [...state.tasks.values()].find(
        (t) => t.agentId === agent.id && t.issueId === issue.id && t.status === 'queued',
      );
      if (pending) pending.coalescedCommentIds.push(comment.id);
      else engine.enqueue(agent, { kind: 'comment', issueId: issue.id, triggerCommentId: comment.id });
    }
    return sendJson(reply, 201, { ...json, issue_revision: issue.revision });
  });
}
