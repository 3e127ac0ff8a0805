// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Props, TrackerSettingsPage } from './TrackerSettingsPage';
import type { Workspace, WorkspaceStatus } from './types';

afterEach(cleanup);

const ACME: Workspace = { id: 'ws-acme', name: 'Acme', slug: 'acme', issuePrefix: 'ACME' };
const LABS: Workspace = { id: 'ws-labs', name: 'Labs', slug: 'labs', issuePrefix: 'LAB' };
const HOME: Workspace = { id: 'ws-home', name: 'Home', slug: 'home', issuePrefix: 'HOME' };
const TOKEN = 'mul_0123456789abcdef0123456789abcdef01239f3c';

function setup(overrides: Partial<Props> = {}) {
  const props: Props = {
    tokenHint: null,
    watched: [],
    statuses: [],
    onVerify: vi.fn(async () => [ACME, LABS, HOME]),
    onLoadWorkspaces: vi.fn(async () => [ACME, LABS, HOME]),
    onSave: vi.fn(async () => undefined),
    onDisconnect: vi.fn(async () => undefined),
    onBack: vi.fn(),
    ...overrides,
  };
  const view = render(<TrackerSettingsPage {...props} />);
  return { props, ...view };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const click = async (name: string | RegExp) => {
  await act(async () => {
    fireEvent.click(button(name));
  });
};

describe('TrackerSettingsPage, first install', () => {
  it('starts empty with a password field, a mul_ hint and the computer-off note', () => {
    setup();
    const input = screen.getByLabelText('API token') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.value).toBe('');
    expect(screen.getByText(/personal access token/).textContent).toContain('mul_');
    expect(screen.getByText('When your computer is off, tracker tasks do not ring.')).toBeTruthy();
    expect(button('Verify').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('verifies, lets several workspaces be chosen and saves them with the token', async () => {
    const { props, rerender } = setup();
    fireEvent.change(screen.getByLabelText('API token'), { target: { value: `  ${TOKEN} ` } });
    await click('Verify');
    expect(props.onVerify).toHaveBeenCalledWith(TOKEN);

    const acme = screen.getByRole('checkbox', { name: /Acme/ }) as HTMLInputElement;
    expect(acme.checked).toBe(false);
    expect(screen.getByRole('checkbox', { name: /Labs/ }).closest('label')?.textContent).toContain('LAB');
    expect(button('Save').disabled).toBe(true);
    expect(screen.getByText('Choose at least one workspace.')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: /Labs/ }));
    fireEvent.click(acme);
    expect(button('Save').disabled).toBe(false);
    expect(screen.getByText('2 workspaces chosen')).toBeTruthy();
    await click('Save');
    // Tracker order, not click order.
    expect(props.onSave).toHaveBeenCalledWith({ token: TOKEN, workspaceIds: ['ws-acme', 'ws-labs'] });

    rerender(
      <TrackerSettingsPage
        {...props}
        tokenHint="mul_…9f3c"
        watched={[ACME, LABS]}
        statuses={[{ workspaceId: 'ws-acme', state: 'connected', since: '2025-05-01T10:00:00Z' }]}
      />,
    );
    expect(screen.getByText('Saved. Your computer watches 2 workspaces.')).toBeTruthy();
    expect(screen.getByText('mul_…9f3c')).toBeTruthy();
    expect(document.body.textContent).not.toContain(TOKEN);
  });

  it('shows a rejected token in words and stays on the token form', async () => {
    setup({
      onVerify: vi.fn(async () => {
        throw new Error('Multica refused the token (invalid token).');
      }),
    });
    fireEvent.change(screen.getByLabelText('API token'), { target: { value: 'mul_bad' } });
    await click('Verify');
    expect(screen.getByRole('alert').textContent).toBe('Multica refused the token (invalid token).');
    expect(screen.getByLabelText('API token')).toBeTruthy();
    // Typing again clears the old error.
    fireEvent.change(screen.getByLabelText('API token'), { target: { value: 'mul_other' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the token reaches no workspace', async () => {
    setup({ onVerify: vi.fn(async () => []) });
    fireEvent.change(screen.getByLabelText('API token'), { target: { value: TOKEN } });
    await click('Verify');
    expect(screen.getByRole('alert').textContent).toMatch(/reaches no workspaces/);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('warns about a token that does not start with mul_ but still lets the tracker decide', () => {
    setup();
    fireEvent.change(screen.getByLabelText('API token'), { target: { value: 'eyJhbGciOi' } });
    expect(screen.getByText(/does not start with mul_/)).toBeTruthy();
    expect(button('Verify').disabled).toBe(false);
  });

  it('shows a failed save in words and keeps the choice', async () => {
    setup({
      onSave: vi.fn(async () => {
        throw new Error('Multica could not be reached.');
      }),
    });
    fireEvent.change(screen.getByLabelText('API token'), { target: { value: TOKEN } });
    await click('Verify');
    fireEvent.click(screen.getByRole('checkbox', { name: /Home/ }));
    await click('Save');
    expect(screen.getByRole('alert').textContent).toBe('Multica could not be reached.');
    expect((screen.getByRole('checkbox', { name: /Home/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('TrackerSettingsPage, once set up', () => {
  const statuses: WorkspaceStatus[] = [
    { workspaceId: 'ws-acme', state: 'connected', since: '2025-05-01T10:00:00Z' },
    { workspaceId: 'ws-labs', state: 'disconnected', since: '2025-05-01T10:00:00Z', error: 'invalid token' },
  ];
  const setUp = (overrides: Partial<Props> = {}) =>
    setup({ tokenHint: '****…9f3c', watched: [ACME, LABS, HOME], statuses, ...overrides });

  it('shows only the hint and each watched workspace with its connection state', () => {
    setUp({
      statuses: [...statuses, { workspaceId: 'ws-home', state: 'connecting', since: '2025-05-01T10:00:00Z' }],
    });
    expect(screen.queryByLabelText('API token')).toBeNull();
    expect(screen.getByText('Token').textContent).toBe('Token ****…9f3c');
    const list = screen.getByRole('list', { name: 'Watched workspaces' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Acme.*ACME.*Connected/),
      expect.stringMatching(/Labs.*LAB.*Disconnected: invalid token/),
      expect.stringMatching(/Home.*HOME.*Connecting…/),
    ]);
    expect(screen.getByText('When your computer is off, tracker tasks do not ring.')).toBeTruthy();
  });

  it('says when a workspace has no status yet', () => {
    setUp({ statuses: [] });
    expect(screen.getAllByText('No status yet')).toHaveLength(3);
  });

  it('changes workspaces with the saved token, without asking for it again', async () => {
    const { props } = setUp();
    await click('Change workspaces');
    expect(props.onLoadWorkspaces).toHaveBeenCalledOnce();
    expect(screen.queryByLabelText('API token')).toBeNull();
    // The watched ones start ticked.
    expect((screen.getByRole('checkbox', { name: /Acme/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Home/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Home/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Labs/ }));
    await click('Save');
    expect(props.onSave).toHaveBeenCalledWith({ workspaceIds: ['ws-acme'] });
    expect(screen.getByText('Saved. Your computer watches 1 workspace.')).toBeTruthy();
  });

  it('shows a failed workspace load in words and stays on the overview', async () => {
    setUp({
      onLoadWorkspaces: vi.fn(async () => {
        throw new Error('Your computer did not answer.');
      }),
    });
    await click('Change workspaces');
    expect(screen.getByRole('alert').textContent).toBe('Your computer did not answer.');
    expect(screen.getByRole('list', { name: 'Watched workspaces' })).toBeTruthy();
  });

  it('cancels changing workspaces back to the overview', async () => {
    const { props } = setUp();
    await click('Change workspaces');
    await click('Cancel');
    expect(screen.getByRole('list', { name: 'Watched workspaces' })).toBeTruthy();
    expect(props.onSave).not.toHaveBeenCalled();
  });

  it('replaces the token: verify the new one, then save it with the chosen workspaces', async () => {
    const { props } = setUp({ onVerify: vi.fn(async () => [ACME]) });
    await click('Replace token');
    expect(screen.getByRole('heading', { name: 'Replace token' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('API token'), { target: { value: TOKEN } });
    await click('Verify');
    // Only still-reachable watched workspaces stay ticked.
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect((screen.getByRole('checkbox', { name: /Acme/ }) as HTMLInputElement).checked).toBe(true);
    await click('Save');
    expect(props.onSave).toHaveBeenCalledWith({ token: TOKEN, workspaceIds: ['ws-acme'] });
  });

  it('cancels replacing the token', async () => {
    setUp();
    await click('Replace token');
    await click('Cancel');
    expect(screen.getByText('Token').textContent).toContain('****…9f3c');
  });

  it('disconnects only after the confirmation', async () => {
    const { props, rerender } = setUp();
    await click('Disconnect');
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Disconnect Multica?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    });
    expect(props.onDisconnect).not.toHaveBeenCalled();

    await click('Disconnect');
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    });
    expect(props.onDisconnect).toHaveBeenCalledOnce();
    rerender(<TrackerSettingsPage {...props} tokenHint={null} watched={[]} statuses={[]} />);
    expect(screen.getByLabelText('API token')).toBeTruthy();
    expect(screen.getByText(/Disconnected\. The token was deleted/)).toBeTruthy();
  });

  it('shows a failed disconnect in words', async () => {
    setUp({
      onDisconnect: vi.fn(async () => {
        throw new Error('Your computer did not answer.');
      }),
    });
    await click('Disconnect');
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Your computer did not answer.');
    expect(screen.getByRole('list', { name: 'Watched workspaces' })).toBeTruthy();
  });

  it('goes back', () => {
    const { props } = setUp();
    fireEvent.click(button('Back'));
    expect(props.onBack).toHaveBeenCalledOnce();
  });
});
