// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InterfaceLanguageProvider } from '../i18n';
import { OfflineNotice } from './OfflineBanner';

afterEach(cleanup);

describe('OfflineNotice', () => {
  it('shows nothing while the relay answers', () => {
    const { container } = render(<OfflineNotice state="online" relayUrl="https://relay.example.com" />);
    expect(container.innerHTML).toBe('');
  });

  it('says plainly that the device is offline', () => {
    render(<OfflineNotice state="offline" relayUrl="https://relay.example.com" />);
    expect(screen.getByRole('status').textContent).toBe(
      'You are offline. Calls will come in again when this device is back online.',
    );
  });

  it('names the relay it cannot reach', () => {
    render(<OfflineNotice state="unreachable" relayUrl="https://relay.example.com:8443" />);
    expect(screen.getByRole('status').textContent).toContain(
      'Cannot reach the relay at relay.example.com:8443.',
    );
  });

  it('speaks the interface language', () => {
    render(
      <InterfaceLanguageProvider language="zh">
        <OfflineNotice state="offline" relayUrl="https://relay.example.com" />
      </InterfaceLanguageProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('你已离线。设备恢复联网后会重新接收来电。');
  });
});
