import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATA_FILES } from '../config/data-dir';
import { createMemoryLogger } from '../log/logger';
import { OwnDevice, recordOwnDevice } from './own-device';

let dataDir: string;
let relay: Server;
let relayUrl: string;
/** The `Authorization` of each `GET /v1/devices` the relay stand-in was asked. */
let asked: string[];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ringback-own-device-'));
  asked = [];
  relay = createServer((request, response) => {
    asked.push(String(request.headers.authorization));
    const devices = [
      { deviceId: 'dev-phone', kind: 'app', name: 'Phone', createdAt: '', lastSeenAt: null, current: false },
      {
        deviceId: 'dev-laptop',
        kind: 'daemon',
        name: 'Laptop',
        createdAt: '',
        lastSeenAt: null,
        current: true,
      },
    ];
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ devices }));
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => relay.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const own = (deviceToken = 'dev_token', serverUrl = relayUrl) =>
  new OwnDevice(dataDir, async () => ({ serverUrl, deviceToken }), createMemoryLogger());

describe('OwnDevice', () => {
  it('uses the device id pinned at login, without asking the relay', async () => {
    await recordOwnDevice(dataDir, 'dev_token', 'dev-pinned');
    expect(await own().deviceId()).toBe('dev-pinned');
    expect(asked).toEqual([]);
    // The file names the login by a hash, never the token itself.
    expect(await readFile(join(dataDir, DATA_FILES.device), 'utf8')).not.toContain('dev_token');
  });

  it('with none pinned (logged in by an older version), asks the relay once and pins its answer', async () => {
    const device = own();
    const [first, second] = await Promise.all([device.deviceId(), device.deviceId()]);
    expect([first, second]).toEqual(['dev-laptop', 'dev-laptop']);
    expect(await device.deviceId()).toBe('dev-laptop');
    expect(asked).toEqual(['Bearer dev_token']);
    // Pinned: a restart does not ask again.
    expect(await own().deviceId()).toBe('dev-laptop');
    expect(asked).toHaveLength(1);
  });

  it('never pairs an id with a newer login’s token', async () => {
    await recordOwnDevice(dataDir, 'dev_older_login', 'dev-older');
    expect(await own('dev_token').deviceId()).toBe('dev-laptop');
    expect(asked).toEqual(['Bearer dev_token']);
  });

  it('without a login or a relay to ask, has none, and asks again next time', async () => {
    expect(await new OwnDevice(dataDir, async () => null, createMemoryLogger()).deviceId()).toBeNull();
    const unreachable = own('dev_token', 'http://127.0.0.1:1');
    expect(await unreachable.deviceId()).toBeNull();
    expect(await unreachable.deviceId()).toBeNull();
    await recordOwnDevice(dataDir, 'dev_token', 'dev-pinned');
    expect(await unreachable.deviceId()).toBe('dev-pinned');
  });

  it('knows the device of a given login (the one the link was opened with) without reading its token', async () => {
    await recordOwnDevice(dataDir, 'dev_token', 'dev-pinned');
    let reads = 0;
    const device = new OwnDevice(
      dataDir,
      async () => {
        reads += 1;
        return { serverUrl: relayUrl, deviceToken: 'dev_token' };
      },
      createMemoryLogger(),
    );
    const linked = { serverUrl: relayUrl, deviceToken: 'dev_token' };
    expect(await device.deviceIdOf(linked)).toBe('dev-pinned');
    expect(await device.deviceIdOf(linked)).toBe('dev-pinned');
    expect(reads).toBe(0);
    // Another login's token is never paired with the pinned id.
    expect(await device.deviceIdOf({ serverUrl: relayUrl, deviceToken: 'dev_other' })).toBe('dev-laptop');
    expect(asked).toEqual(['Bearer dev_other']);
  });
});
