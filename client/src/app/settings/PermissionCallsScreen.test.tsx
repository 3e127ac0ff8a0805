// @vitest-environment happy-dom
import {
  DEFAULT_PERMISSION_CALL_SETTINGS,
  type PermissionCallSettings,
  type PermissionCallSettingsReply,
  type PermissionCallSettingsUpdate,
  type Presence,
} from '@ringback/protocol';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettingsRequest } from '../../relay';
import { ComputerWriteError } from './computer-writes';
import { PermissionCallsScreen } from './PermissionCallsScreen';

/** The computer as the daemon's route behaves: a PUT merges the fields given and answers with presence. */
const computer = {
  settings: DEFAULT_PERMISSION_CALL_SETTINGS as PermissionCallSettings,
  presence: { away: false, signal: 'desktop-app', idleSeconds: 40 } as Presence,
  refuse: null as ComputerWriteError | null,
  requests: [] as { method: string; path: string; body?: unknown }[],
};

// One function, as the real hook's is memoised: a new one per render would read again each render.
const call = async (method: SettingsRequest['method'], path: string, body?: unknown) => {
  computer.requests.push({ method, path, ...(body === undefined ? {} : { body }) });
  if (computer.refuse) throw computer.refuse;
  if (method === 'PUT') {
    const update = body as PermissionCallSettingsUpdate;
    computer.settings = {
      ...computer.settings,
      ...update,
      agents: { ...computer.settings.agents, ...update.agents },
    };
    if (update.away === 'on') computer.presence = { away: true, signal: 'manual', idleSeconds: 40 };
  }
  return { settings: computer.settings, presence: computer.presence } satisfies PermissionCallSettingsReply;
};
vi.mock('./use-computer', () => ({ useComputer: () => call }));

beforeEach(() => {
  computer.settings = DEFAULT_PERMISSION_CALL_SETTINGS;
  computer.presence = { away: false, signal: 'desktop-app', idleSeconds: 40 };
  computer.refuse = null;
  computer.requests = [];
});
afterEach(cleanup);

const toggle = (name: string) => screen.getByRole('switch', { name });
const checked = (name: string) => toggle(name).getAttribute('aria-checked');
const puts = () => computer.requests.filter((request) => request.method === 'PUT').map((r) => r.body);

async function opened() {
  render(<PermissionCallsScreen onBack={() => undefined} />);
  await screen.findByRole('switch', { name: 'Ring for permission requests' });
}

describe('the Permission calls settings page', () => {
  it('reads the computer’s settings through the settings channel and says where the user is, in words', async () => {
    await opened();
    expect(computer.requests[0]).toEqual({ method: 'GET', path: '/settings/permission-calls' });
    expect(checked('Ring for permission requests')).toBe('true');
    expect(checked('Claude Code')).toBe('true');
    expect(checked('Codex')).toBe('true');
    const wait = screen.getByLabelText('How long the agent waits for you') as HTMLSelectElement;
    expect(wait.value).toBe('600');
    expect(wait.selectedOptions[0]?.textContent).toBe('10 minutes');
    expect(
      screen.getByText(
        'At the computer: the agent asks there. No keyboard or mouse input for less than a minute, as the desktop app reports.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^Automatic/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('each switch saves at once; with calls off, the agents and the wait cannot be changed', async () => {
    await opened();
    await act(async () => fireEvent.click(toggle('Codex')));
    expect(puts()).toEqual([{ agents: { codex: false } }]);
    await waitFor(() => expect(checked('Codex')).toBe('false'));
    expect(screen.getByText('Saved.')).toBeTruthy();

    await act(async () => fireEvent.click(toggle('Ring for permission requests')));
    expect(puts()[1]).toEqual({ enabled: false });
    await waitFor(() => expect(checked('Ring for permission requests')).toBe('false'));
    expect(toggle('Claude Code')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('How long the agent waits for you')).toHaveProperty('disabled', true);
  });

  it('the wait, and Away by hand: the presence the computer reports then is shown', async () => {
    await opened();
    await act(async () =>
      fireEvent.change(screen.getByLabelText('How long the agent waits for you'), {
        target: { value: '300' },
      }),
    );
    expect(puts()).toEqual([{ waitSeconds: 300 }]);
    expect(screen.getByLabelText('Away after no input for')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('radio', { name: /^Away/ })));
    expect(puts()[1]).toEqual({ away: 'on' });
    await screen.findByText('Away from the computer: permission requests ring here. You set Away by hand.');
    // The idle threshold only matters while the computer decides by itself.
    expect(screen.queryByLabelText('Away after no input for')).toBeNull();
  });

  it('a computer that cannot be reached, or refuses a change, says why', async () => {
    computer.refuse = new ComputerWriteError('Your computer is not connected right now', 'device_offline');
    render(<PermissionCallsScreen onBack={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Your computer is not connected right now');
    expect(screen.queryByRole('switch')).toBeNull();
    cleanup();

    computer.refuse = null;
    await opened();
    computer.refuse = new ComputerWriteError('Your computer refused the request', 'invalid_request');
    await act(async () => fireEvent.click(toggle('Claude Code')));
    expect((await screen.findByRole('alert')).textContent).toBe('Your computer refused the request');
    expect(checked('Claude Code')).toBe('true');
  });
});
