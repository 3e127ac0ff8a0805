/**
 * The realtime address of one workspace: the API address with `ws`/`wss`, path `/ws` under any
 * base path prefix (`https://host/multica` → `wss://host/multica/ws?workspace_id=…`).
 */
export function trackerRealtimeUrl(apiUrl: string, workspaceId: string): string {
  const url = new URL('ws', apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '';
  url.searchParams.set('workspace_id', workspaceId);
  return url.toString();
}
