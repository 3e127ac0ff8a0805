import type { FastifyInstance } from 'fastify';
import { resolveWorkspace, UPLOAD_ORDER, userOf } from './auth.js';
import type { Core } from './core.js';
import { pathParam, sendError, sendJson } from './http.js';
import { uuidv7 } from './ids.js';
import type { Attachment } from './model.js';
import { attachmentJson } from './serialize.js';
import { sniffContentType } from './sniff.js';

/** Multica's `maxUploadSize`. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** Uploads (§6.3): multipart part `file`, 200 with an attachment whose `markdown_url` is absolute. Auth only. */
export function registerUploadRoutes(app: FastifyInstance, core: Core): void {
  const { state } = core;

  app.post('/api/upload-file', async (request, reply) => {
    const userId = userOf(request);
    const resolved = resolveWorkspace(state, request, UPLOAD_ORDER);
    if ('status' in resolved) return sendError(reply, 403, 'not a member of this workspace');
    let file: { filename: string; bytes: Buffer } | undefined;
    const fields: Record<string, string> = {};
    try {
      if (!request.isMultipart()) throw new Error('not multipart');
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'file' && !file) file = { filename: part.filename, bytes };
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch {
      return sendError(reply, 400, 'file too large or invalid multipart form');
    }
    if (!file) return sendError(reply, 400, 'missing file field: http: no such file');
    const now = core.now();
    if ('none' in resolved) {
      // No workspace context: the avatar-style answer, nothing stored as an attachment row.
      const id = uuidv7(now);
      return sendJson(reply, 200, { id, url: `${core.publicUrl()}/uploads/${id}`, filename: file.filename });
    }
    const ws = resolved.workspace;
    let issueId: string | null = null;
    if (fields.issue_id) {
      const issue = state.issues.get(fields.issue_id.toLowerCase());
      if (!issue || issue.workspaceId !== ws.id) return sendError(reply, 403, 'invalid issue_id');
      issueId = issue.id;
    }
    const attachment: Attachment = {
      id: uuidv7(now),
      workspaceId: ws.id,
      issueId,
      commentId: null,
      uploaderId: userId,
      filename: file.filename,
      contentType: sniffContentType(file.bytes, file.filename),
      bytes: file.bytes,
      createdAt: now,
    };
    state.attachments.set(attachment.id, attachment);
    return sendJson(reply, 200, attachmentJson(attachment, core.publicUrl()));
  });

  const visible = (id: string, userId: string) => {
    const attachment = state.attachments.get(id.toLowerCase());
    if (!attachment || !state.workspaces.get(attachment.workspaceId)?.members.has(userId)) return undefined;
    return attachment;
  };

  app.get('/api/attachments/:id', async (request, reply) => {
    const attachment = visible(pathParam(request, 'id'), userOf(request));
    if (!attachment) return sendError(reply, 404, 'attachment not found');
    return sendJson(reply, 200, attachmentJson(attachment, core.publicUrl()));
  });

  // Local-storage mode: stream the bytes (CDN deployments would 302 to a signed URL instead).
  app.get('/api/attachments/:id/download', async (request, reply) => {
    const attachment = visible(pathParam(request, 'id'), userOf(request));
    if (!attachment) return sendError(reply, 404, 'attachment not found');
    return reply
      .code(200)
      .header('content-type', attachment.contentType)
      .header('content-disposition', `inline; filename="${attachment.filename.replace(/"/g, '')}"`)
      .send(attachment.bytes);
  });
}
