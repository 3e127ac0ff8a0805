/** Where a dispatch goes: a new issue the agent writes (smart creation), or a comment on an issue. */
export type DispatchTarget =
  | { kind: 'issue'; workspaceId: string; projectId: string; agentId: string }
  | { kind: 'comment'; workspaceId: string; issueId: string };

/** An image the device already prepared (converted when needed), ready to upload. */
export interface PreparedImage {
  id: string;
  name: string;
  type: string;
  /** base64 */
  data: string;
}

export interface UploadedImage {
  id: string;
  filename: string;
  markdownUrl: string;
}

/** A dispatch as the computer reports it (`POST /tracker/dispatches`, lookup, cancel). */
export interface DispatchStatus {
  id: string;
  state: 'creating' | 'created' | 'failed' | 'cancelled';
  identifier?: string;
  title?: string;
  failureReason?: string;
}

export interface DispatchCallContext {
  request: { text: string; target: DispatchTarget; images: PreparedImage[] } | null;
  /** Uploaded so far, in order: a failed upload is retried from where it stopped. */
  uploaded: UploadedImage[];
  dispatch: DispatchStatus | null;
  /** Why it failed, in words. */
  error: string | null;
}

export type DispatchCallEvent =
  | { type: 'submit'; text: string; target: DispatchTarget; images: PreparedImage[] }
  | { type: 'retry' }
  | { type: 'cancel' }
  | { type: 'reset' };
