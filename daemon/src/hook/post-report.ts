import { connect } from 'node:net';
import { HOOK_TIMEOUT_MS } from './hook-constants';

/**
 * POSTs the report to the daemon as `POST /report?agent=<agent>` (the agent's name travels
 * beside its payload) and resolves once the answer starts arriving (or on any failure).
 * Written on node:net rather than node:http: loading the http module costs about 5 ms of the
 * hook's start-up, at the end of every agent turn, and this one fixed request needs none of it.
 */
export function postReport(port: number, agent: 'claude-code' | 'codex', body: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const finish = () => {
      socket.destroy();
      resolve();
    };
    socket.setTimeout(HOOK_TIMEOUT_MS, finish);
    socket.once('error', finish);
    socket.once('close', finish);
    // The first bytes back are the status line: the daemon has stored the report.
    socket.once('data', finish);
    socket.setNoDelay(true);
    // write, not end: a half-closed request looks aborted to the server, which may then drop it.
    socket.write(
      `POST /report?agent=${agent} HTTP/1.1\r\n` +
        `Host: 127.0.0.1:${port}\r\n` +
        'Content-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
