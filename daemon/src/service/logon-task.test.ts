import { describe, expect, it } from 'vitest';
import { fakeHost, recordingRunner } from './fake-runner';
import { logonTaskService } from './logon-task';

const NODE = 'C:\\Program Files\\nodejs\\node.exe';
const SCRIPT = 'C:\\Users\\Ann Lee\\ringback\\daemon\\dist\\ringback.mjs';

function windowsHost(answer?: Parameters<typeof recordingRunner>[0]) {
  const runner = recordingRunner(answer);
  const host = { ...fakeHost('win32', 'C:\\Users\\Ann Lee', runner.run), nodePath: NODE, cliScript: SCRIPT };
  return { service: logonTaskService(host), calls: runner.calls };
}

describe('Windows logon task', () => {
  it('install creates a limited per-user logon task with the exact argv, then starts it', async () => {
    const { service, calls } = windowsHost();
    await service.install();
    expect(calls).toEqual([
      [
        'schtasks',
        '/Create',
        '/TN',
        'Ringback',
        '/SC',
        'ONLOGON',
        '/RL',
        'LIMITED',
        '/F',
        '/TR',
        '"C:\\Program Files\\nodejs\\node.exe" "C:\\Users\\Ann Lee\\ringback\\daemon\\dist\\ringback.mjs" run',
      ],
      ['schtasks', '/Run', '/TN', 'Ringback'],
    ]);
    expect(calls.flat().some((word) => /^\/(RU|RP)$|SYSTEM|HIGHEST/i.test(word))).toBe(false);
  });

  it('uninstall ends and deletes the task', async () => {
    const { service, calls } = windowsHost();
    await service.uninstall();
    expect(calls).toEqual([
      ['schtasks', '/Query', '/TN', 'Ringback'],
      ['schtasks', '/End', '/TN', 'Ringback'],
      ['schtasks', '/Delete', '/TN', 'Ringback', '/F'],
    ]);
  });

  it('status reads schtasks /Query: absent, ready, running', async () => {
    expect(await windowsHost(() => ({ code: 1 })).service.status()).toMatchObject({ installed: false });
    const ready = windowsHost(() => ({ stdout: 'Ringback     N/A     Ready\n' }));
    expect(await ready.service.status()).toMatchObject({ installed: true, running: false });
    expect(ready.calls).toEqual([['schtasks', '/Query', '/TN', 'Ringback']]);
    const running = windowsHost(() => ({ stdout: 'Ringback     N/A     Running\n' }));
    expect(await running.service.status()).toMatchObject({ installed: true, running: true });
  });

  it('a refused /Create is an error naming the command', async () => {
    const { service } = windowsHost(() => ({ code: 1, stderr: 'ERROR: Access is denied.' }));
    await expect(service.install()).rejects.toThrow(
      /`schtasks \/Create .+` failed \(exit 1\): ERROR: Access is denied\./,
    );
  });
});
