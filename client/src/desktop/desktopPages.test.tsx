// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DesktopJoinPage } from './DesktopJoinPage';
import { DesktopSettingsPage } from './DesktopSettingsPage';

afterEach(cleanup);

const facts = {
  platform: 'darwin',
  trayAvailable: true,
  secretStorageAvailable: true,
  appVersion: '1.0.0',
} as const;

describe('DesktopSettingsPage', () => {
  it('keeps open at login on and says it waits for approval in System Settings', () => {
    render(
      <DesktopSettingsPage
        preferences={{ closeToTray: true, openAtLogin: true, openAtLoginAwaitsApproval: true }}
        facts={facts}
        busy={false}
        error={null}
        onChange={vi.fn()}
        onBack={vi.fn()}
      />,
    );
    const login = screen.getByRole('switch', { name: 'Open Ringback when you log in' });
    expect(login.getAttribute('aria-checked')).toBe('true');
    expect(login.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(login.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Waiting for your approval in System Settings → General → Login Items: switch Ringback on there.',
    );
  });
});

describe('DesktopJoinPage', () => {
  it('shows the warning an install came back with', () => {
    render(
      <DesktopJoinPage
        view={{
          step: { kind: 'missing', message: 'not running' },
          install: { kind: 'installed', output: '', warning: 'Your login shell did not answer in time' },
        }}
        joining={false}
        onRetry={vi.fn()}
        onInstall={vi.fn()}
        onLogin={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Installed, with a warning: Your login shell did not answer in time',
    );
  });
});
