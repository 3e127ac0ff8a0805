// The hook and the daemon's real route and registry: the daemon's answer carries a MAC under the
// key it wrote at start (mode 600), and the hook, reading that key, takes the decision.
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOK_SECRET_FILE } from '../hook/hook-constants';
import { runPermissionHook } from '../hook/permission-hook';
import { permissionWorld, standInRelay } from './permission-world';

const codexPayload = readFileSync(
  new URL('../hook/fixtures/codex-permission-exec.json', import.meta.url),
  'utf8',
);

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp() {
  const relay = await standInRelay();
  cleanups.push(() => relay.close());
  const world = await permissionWorld(relay);
  cleanups.push(() => world.close());
  const hook = () =>
    runPermissionHook('codex', codexPayload, {
      env: { RINGBACK_HOME: world.dataDir },
      cwd: '/tmp',
      port: world.port,
      deadlineMs: 10_000,
    });
  return { relay, world, hook };
}

describe("the daemon's answer to the permission hook", () => {
  it('verifies: the hook prints the allow and the deny with words the phone sent', async () => {
    const { relay, world, hook } = await setUp();
    const keyFile = join(world.dataDir, HOOK_SECRET_FILE);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);

    const allowed = hook();
    await expect.poll(() => relay.posted.length).toBe(1);
    const first = await world.openCall(relay.posted[0] ?? (undefined as never));
    await world.deliver('r-1', first.eventId, await world.decision(first, { behavior: 'allow' }));
    expect(JSON.parse(await allowed)).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });

    const denied = hook();
    await expect.poll(() => relay.posted.length).toBe(2);
    const second = await world.openCall(relay.posted[1] ?? (undefined as never));
    await world.deliver(
      'r-2',
      second.eventId,
      await world.decision(second, { behavior: 'deny', message: 'Not before the release — wait.' }),
    );
    expect(JSON.parse(await denied)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: 'Not before the release — wait.' },
      },
    });
  });

  it('is made with a new key at each start: a key from an earlier run proves nothing', async () => {
    const relay = await standInRelay();
    cleanups.push(() => relay.close());
    const first = await permissionWorld(relay);
    const keyFile = join(first.dataDir, HOOK_SECRET_FILE);
    const before = readFileSync(keyFile, 'utf8');
    await first.close();
    const again = await permissionWorld(relay, { dataDir: first.dataDir, key: first.key });
    cleanups.push(() => again.close());
    expect(readFileSync(keyFile, 'utf8')).not.toBe(before);
  });

  it('refuses a malformed nonce', async () => {
    const { world } = await setUp();
    const { status } = await world.ask(undefined, { headers: { 'ringback-nonce': 'short' } });
    expect(status).toBe(400);
  });
});
