// The relay process of the push benchmark (`push-fanout.ts` starts it with tsx): the real
// `startRelay` with open signup, Web Push on (a mailto: subject, the bench's local http push
// services allowed as the operator's push origins, comma-separated) or off, as the command line says. Re-alerts are pushed
// 10 minutes apart so that every push the bench sees is a call's first.
import { createSilentRelayLogger, startRelay } from '@ringback/relay';

const [dataDir, mode, origins = ''] = process.argv.slice(2);
if (!dataDir || (mode !== 'on' && mode !== 'off'))
  throw new Error('usage: push-relay <data dir> on|off [push origins, comma-separated]');

const relay = await startRelay({
  dataDir,
  port: 0,
  openSignup: true,
  logger: createSilentRelayLogger(),
  // The fan-out bench wakes 1,000 devices of one account: far past the default 50.
  maxAppDevicesPerAccount: 2000,
  ...(mode === 'on'
    ? {
        pushSubject: 'mailto:bench@ringback.example',
        pushOrigins: origins.split(',').filter(Boolean),
        // …and lets that one account's 1,000 pushes all wait their turn (500 by default).
        push: { realertMs: { base: 600_000, jitter: 0 }, queue: { maxQueuedPerAccount: 2000 } },
      }
    : {}),
});
console.log(`relay listening on ${relay.url}`);

process.once('SIGTERM', () => {
  void relay.close().then(() => process.exit(0));
});
