// The relay executable (`relay/dist/relay.mjs`).
import { runRelayMain } from './relay-main';

const code = await runRelayMain(process.argv.slice(2));
// A server told to stop has closed what it owns; a stray socket must not keep it alive.
process.exit(code);
