import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Aad, type AgentEventPlaintext, open, type SealedReport } from '@ringback/protocol';

/** The e2e key the daemon of `dataDir` seals with (the app's copy of it, in a real setup). */
export async function daemonKeyOf(dataDir: string): Promise<string> {
  return JSON.parse(await readFile(join(dataDir, 'daemon.json'), 'utf8')).e2e.key;
}

/** Opens a delivered event as an app would. */
export async function openSealedEvent(
  key: string,
  body: { eventId: string; sealed: string } | undefined,
): Promise<AgentEventPlaintext> {
  if (!body) throw new Error('no delivery to open');
  return JSON.parse(await open(key, body.sealed, Aad.report(body.eventId)));
}

/** Opens a delivered local agent report (not a tracker task) as an app would. */
export async function openAgentEvent(
  key: string,
  body: { eventId: string; sealed: string } | undefined,
): Promise<AgentEventPlaintext & { report: SealedReport }> {
  const event = await openSealedEvent(key, body);
  const { report } = event;
  if (report.source === 'tracker') throw new Error(`event ${body?.eventId} is a tracker task`);
  return { ...event, report };
}
