/**
 * Start a seeded fake Multica by hand, for trying Ringback's tracker screens without an account:
 *
 *   tsx test/src/fakes/fake-tracker-cli.ts --port 8795 [--host 127.0.0.1] [--step-ms 1500]
 *
 * Prints the address, the workspace id and a ready token; Ctrl-C closes it cleanly.
 */
import { parseArgs } from 'node:util';
import { startFakeTracker } from './fake-tracker/index.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8795' },
    host: { type: 'string', default: '127.0.0.1' },
    // Slower than the tests' default so a person can watch dispatches progress.
    'step-ms': { type: 'string', default: '1500' },
  },
});

const port = Number(values.port);
const stepMs = Number(values['step-ms']);
if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isFinite(stepMs) || stepMs < 0) {
  process.stderr.write('usage: fake-tracker-cli [--port 8795] [--host 127.0.0.1] [--step-ms 1500]\n');
  process.exit(2);
}

const tracker = await startFakeTracker({ seed: true, port, host: values.host, autoRunMs: stepMs });
const seed = tracker.seed;
process.stdout.write(
  [
    `Fake Multica listening on ${tracker.url} (realtime ${tracker.wsUrl})`,
    `Workspace: ${seed?.workspace.name} ${seed?.workspace.id} (prefix ${seed?.workspace.issuePrefix})`,
    `Token:     ${tracker.token}`,
    `Control:   ${tracker.url}/__fake/… (e.g. POST /__fake/runtimes/<id>/online {"online":true})`,
    `Point Ringback at it: RINGBACK_TRACKER_API_URL=${tracker.url} npm start, then paste the token in Settings › Tracker.`,
    'Press Ctrl-C to stop.',
    '',
  ].join('\n'),
);

let closing = false;
const shutdown = (signal: string) => {
  if (closing) return;
  closing = true;
  process.stdout.write(`\n${signal}: closing fake Multica\n`);
  tracker.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`close failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
