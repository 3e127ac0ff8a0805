import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh daemon data dir, optionally with a daemon.json and a device token. */
export async function makeDataDir(options: { config?: object; deviceToken?: string } = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-daemon-'));
  if (options.config)
    await writeFile(join(dir, 'daemon.json'), JSON.stringify(options.config), { mode: 0o600 });
  if (options.deviceToken) await writeFile(join(dir, 'device.token'), options.deviceToken, { mode: 0o600 });
  return dir;
}

/** POSTs an agent's Stop payload the way the hook does: the agent named in the URL, not the payload. */
export async function postReport(
  baseUrl: string,
  report: object,
  agent: 'claude-code' | 'codex' = 'claude-code',
): Promise<number> {
  const response = await fetch(`${baseUrl}/report?agent=${agent}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
  });
  await response.arrayBuffer();
  return response.status;
}

export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
