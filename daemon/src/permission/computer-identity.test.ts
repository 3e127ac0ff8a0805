import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ComputerIdentity } from './computer-identity';

const target = async () => ({ serverUrl: 'http://127.0.0.1:9', deviceToken: 'dev_token' });

describe('ComputerIdentity', () => {
  it('names the computer by its device id and its name on the relay, asked once', async () => {
    let asked = 0;
    const identity = new ComputerIdentity({
      deviceId: async () => 'dev-laptop',
      target,
      lookUpName: async () => {
        asked += 1;
        return 'Laptop';
      },
    });
    expect(await identity.current()).toEqual({ deviceId: 'dev-laptop', name: 'Laptop' });
    expect(await identity.current()).toEqual({ deviceId: 'dev-laptop', name: 'Laptop' });
    expect(asked).toBe(1);
  });

  it('stands in the host name when the relay is slow to say, rather than delaying the call', async () => {
    const identity = new ComputerIdentity({
      deviceId: async () => 'dev-laptop',
      target,
      lookUpName: () => new Promise(() => {}),
    });
    const started = Date.now();
    expect(await identity.current()).toEqual({ deviceId: 'dev-laptop', name: hostname().slice(0, 80) });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('is null when not logged in or the device id is unknown', async () => {
    const lookUpName = async () => 'Laptop';
    expect(
      await new ComputerIdentity({ deviceId: async () => null, target, lookUpName }).current(),
    ).toBeNull();
    expect(
      await new ComputerIdentity({
        deviceId: async () => 'dev-laptop',
        target: async () => null,
        lookUpName,
      }).current(),
    ).toBeNull();
  });
});
