// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InterfaceLanguageProvider } from '../i18n';
import { PairingSwitchDialog } from './PairingSwitchDialog';

afterEach(cleanup);

const OFFER = {
  server: 'https://relay.other.example',
  deviceName: 'Chrome on Android',
  currentServer: 'https://relay.home.example',
};

describe('PairingSwitchDialog', () => {
  it('names both servers and the device in Chinese, and closes on Cancel without confirming', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <InterfaceLanguageProvider language="zh">
        <PairingSwitchDialog offer={OFFER} onConfirm={onConfirm} onClose={onClose} onDismissError={vi.fn()} />
      </InterfaceLanguageProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: '要把这台设备切换到另一个账户吗？' });
    expect(dialog.textContent).toContain('以“Chrome on Android”的名义加入服务器 https://relay.other.example');
    expect(dialog.textContent).toContain('而不再是 https://relay.home.example');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('says when the link names the same relay with another key', () => {
    render(
      <PairingSwitchDialog
        offer={{ ...OFFER, server: OFFER.currentServer }}
        onConfirm={vi.fn()}
        onClose={vi.fn()}
        onDismissError={vi.fn()}
      />,
    );
    expect(screen.getByRole('dialog').textContent).toContain(
      'join https://relay.home.example again as “Chrome on Android”, with a different end-to-end key',
    );
  });

  it('shows a failed switch as an alert the user can dismiss', () => {
    const onDismissError = vi.fn();
    render(
      <PairingSwitchDialog
        offer={null}
        error="Could not join: the code expired"
        onConfirm={vi.fn()}
        onClose={vi.fn()}
        onDismissError={onDismissError}
      />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Could not join: the code expired');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismissError).toHaveBeenCalledOnce();
  });
});
