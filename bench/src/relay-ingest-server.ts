// The relay process of the ingest benchmark (`relay-ingest.ts` starts it with tsx): the real
// `startRelay` on a port of its own, with the store's commit mode from the command line, so one
// run compares ways of committing. The relay itself always runs FULL with group commit.
// Prints where it listens and the store's synchronous mode; on SIGUSR2 it counts commits from
// zero (and says so), on SIGTERM it prints the commits counted and stops.
import { createSilentRelayLogger, type SqliteRelayStoreOptions, startRelay } from '@ringback/relay';

const SYNCHRONOUS_NAMES: Record<number, string> = { 0: 'OFF', 1: 'NORMAL', 2: 'FULL', 3: 'EXTRA' };

const [dataDir, modeJson] = process.argv.slice(2);
if (!dataDir || !modeJson) throw new Error('usage: ingest-relay <data dir> <store options as JSON>');
const mode = JSON.parse(modeJson) as Pick<SqliteRelayStoreOptions, 'synchronous' | 'groupCommit'>;

let commits = 0;
let writes = 0;
let synchronous = 'unknown';
const relay = await startRelay({
  dataDir,
  port: 0,
  openSignup: true,
  logger: createSilentRelayLogger(),
  storage: {
    ...mode,
    onOpen: (store) => {
      const value = store.pragmas().synchronous;
      synchronous = `${value} (${SYNCHRONOUS_NAMES[value] ?? '?'})`;
    },
    onCommit: (info) => {
      commits += 1;
      writes += info.writes;
    },
  },
});
console.log(`relay listening on ${relay.url} synchronous=${synchronous}`);

process.on('SIGUSR2', () => {
  commits = 0;
  writes = 0;
  console.log('counting commits');
});
process.once('SIGTERM', () => {
  void relay.close().then(() => {
    console.log(`commits=${commits} writes=${writes}`);
    process.exit(0);
  });
});
