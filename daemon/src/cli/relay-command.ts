import type { CliIo } from './cli-io';
import { startRelayProcess } from './relay-process';

/**
 * `ringback relay [--port N] [--host ADDRESS] [--data-dir DIR] [--public-url URL]`: the relay
 * server in the foreground, run as its own process (`relay/dist/relay.mjs`) with our output.
 */
export async function runRelayCommand(argv: string[], io: CliIo): Promise<number> {
  const exited = new Promise<number | null>((resolve, reject) => {
    startRelayProcess(argv, io.env)
      .then((relay) => {
        const stop = () => void relay.stop();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        relay.child.once('exit', (code) => resolve(code));
      })
      .catch(reject);
  });
  try {
    return (await exited) ?? 1;
  } catch (error) {
    io.stderr(`ringback relay: ${(error as Error).message}\n`);
    return 2;
  }
}
