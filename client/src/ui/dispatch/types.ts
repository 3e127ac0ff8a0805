/** What the dispatch screen is about: a new issue by smart creation, or a comment on an existing one. */
export type DispatchMode = 'new' | 'existing';

export type DispatchWorkspaceOption = { id: string; name: string };
export type DispatchProjectOption = { id: string; title: string };
export type DispatchAgentOption = {
  id: string;
  name: string;
  /** The computer hosting its tracker runtime is online; the tracker refuses offline agents. */
  online: boolean;
  /** The tracker's words when not online, e.g. "agent runtime is offline". */
  unavailableReason?: string;
};
/** An existing issue to comment on. `status` is the status key. */
export type DispatchIssueOption = { id: string; identifier: string; title: string; status: string };
/** The spec's Issue status item, in board order. */
export type DispatchStatusOption = { key: string; name: string };

export type DispatchImageState = 'preparing' | 'uploading' | 'uploaded' | 'failed';
export type DispatchImageItem = {
  id: string;
  name: string;
  state: DispatchImageState;
  /** The picked file, for the thumbnail (an object URL the screen makes and revokes). */
  preview?: Blob;
  /** Why it failed, in words. */
  error?: string;
};

export type DispatchCallState = 'calling' | 'created' | 'failed' | 'cancelled';
export type DispatchCall = {
  state: DispatchCallState;
  /** Shown in the calling view; defaults to the selected agent (or the issue for a comment). */
  agentName?: string;
  identifier?: string;
  title?: string;
  failureReason?: string;
};

/** One row of My dispatches: the daemon's Dispatch record as the page shows it. */
export type DispatchRow = {
  id: string;
  kind: 'issue' | 'comment';
  state: 'creating' | 'created' | 'failed' | 'cancelled';
  /** The user's own words. */
  prompt: string;
  /** Number of images. */
  images: number;
  agentName: string;
  /** ISO time the dispatch was made. */
  createdAt: string;
  identifier?: string;
  title?: string;
  /** Status key, e.g. in_progress. */
  status?: string;
  /** urgent, high, medium, low or none. */
  priority?: string;
  failureReason?: string;
};
