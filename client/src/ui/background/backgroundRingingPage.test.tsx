// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InterfaceLanguageProvider } from '../../i18n';
import type { BackgroundSupport } from '../../push';
import { BackgroundRingingPage } from './BackgroundRingingPage';

afterEach(cleanup);

function show(support: BackgroundSupport, extra: { busy?: boolean; error?: string | null } = {}) {
  const onToggle = vi.fn();
  const onRetry = vi.fn();
  render(
    <BackgroundRingingPage
      support={support}
      busy={extra.busy ?? false}
      error={extra.error ?? null}
      onToggle={onToggle}
      onRetry={onRetry}
      onBack={vi.fn()}
    />,
  );
  const toggle = screen.getByRole('switch', { name: 'Ring when Ringback is closed' }) as HTMLButtonElement;
  return { onToggle, onRetry, toggle };
}

const text = () => document.body.textContent ?? '';

describe('BackgroundRingingPage', () => {
  it('says why in one sentence, and turns on from the tap when permission can be asked', () => {
    const { toggle, onToggle } = show({ kind: 'ask' });
    expect(screen.getByRole('heading', { level: 1, name: 'Background ringing' })).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(text()).toContain('even when Ringback is closed or the phone is locked');
    expect(text()).toContain('carries nothing of the call');
    expect(screen.getByRole('status').textContent).toMatch(/asks to show notifications/);
    fireEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledWith(true);
  });

  it('shows on, and turns off', () => {
    const { toggle, onToggle } = show({ kind: 'on' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('status').textContent).toMatch(/calls ring here with Ringback closed/);
    fireEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledWith(false);
  });

  it('on plain http names the address, says it cannot install or get pushes, and what to do', () => {
    const { toggle } = show({ kind: 'insecure', origin: 'http://192.168.1.20:8791' });
    expect(toggle.disabled).toBe(true);
    expect(screen.getByRole('heading', { name: 'This address cannot ring in the background' })).toBeTruthy();
    expect(text()).toContain('http://192.168.1.20:8791');
    expect(text()).toMatch(/installed and woken by pushes only over https/);
    expect(text()).toMatch(/relay's https address/);
    expect(text()).toMatch(/README/);
  });

  it('on iPhone outside the Home Screen gives the two steps, then where to open it', () => {
    show({ kind: 'iosAddToHomeScreen', device: 'iPhone' });
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps).toEqual([
      'Tap the Share button (the square with an arrow pointing up).',
      'Choose “Add to Home Screen”, then tap Add.',
    ]);
    expect(text()).toMatch(/open Ringback from the Home Screen/);
  });

  it('names the iOS version that is too old', () => {
    show({ kind: 'iosTooOld', device: 'iPad', version: '16.1' });
    expect(screen.getByRole('heading', { name: 'Update iPadOS first' })).toBeTruthy();
    expect(text()).toMatch(/iPadOS 16.4 or later; this iPad has 16.1/);
  });

  it('says how to allow blocked notifications, in the site settings or on an iPhone', () => {
    show({ kind: 'denied', device: null });
    expect(screen.getByRole('heading', { name: 'Notifications are blocked' })).toBeTruthy();
    expect(text()).toMatch(/Set Notifications to Allow/);
    cleanup();
    show({ kind: 'denied', device: 'iPhone' });
    expect(text()).toMatch(/Settings app, then Notifications, then Ringback/);
  });

  it("gives the relay's reason when it sends no pushes, and retries one it could not reach", () => {
    const { toggle } = show({ kind: 'relayUnavailable', reason: 'no https public URL is set' });
    expect(toggle.disabled).toBe(true);
    expect(text()).toContain('It says: no https public URL is set');
    cleanup();
    const { onRetry } = show({ kind: 'relayUnreachable', reason: 'the relay could not be reached' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says "Checking…" while the relay is asked, and that it cannot be reached rather than "off"', () => {
    const checking = show({ kind: 'checking' });
    expect(checking.toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('Checking with the relay…');
    cleanup();
    const { onRetry } = show({ kind: 'heldUnknown' });
    expect(screen.getByRole('status').textContent).toBe("Can't reach the relay to check");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("gives the relay's reason when it refused this browser's push service, and a tap tries again", () => {
    const { toggle, onToggle } = show({
      kind: 'endpointRefused',
      reason: 'push.example is not a push service this relay sends to',
    });
    expect(
      screen.getByRole('heading', { name: "The relay refuses this browser's push service" }),
    ).toBeTruthy();
    expect(text()).toContain('It says: push.example is not a push service this relay sends to');
    fireEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledWith(true);
  });

  it('is busy while a change is under way, and shows a failure as an alert', () => {
    const { toggle } = show({ kind: 'ready' }, { busy: true });
    expect(toggle.disabled).toBe(true);
    cleanup();
    show({ kind: 'ready' }, { error: 'Could not turn on: the push service did not answer' });
    expect(screen.getByRole('alert').textContent).toMatch(/push service did not answer/);
  });

  it('speaks Chinese when the interface does', () => {
    render(
      <InterfaceLanguageProvider language="zh">
        <BackgroundRingingPage
          support={{ kind: 'iosAddToHomeScreen', device: 'iPhone' }}
          busy={false}
          error={null}
          onToggle={vi.fn()}
          onRetry={vi.fn()}
          onBack={vi.fn()}
        />
      </InterfaceLanguageProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '后台响铃' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Ringback 关闭时也响铃' })).toBeTruthy();
    expect(text()).toMatch(/添加到主屏幕/);
  });

  it('says in Chinese that the relay cannot be reached to check, and that it refuses the push service', () => {
    for (const [support, words] of [
      [{ kind: 'heldUnknown' }, '无法连接中继确认'],
      [{ kind: 'endpointRefused', reason: 'no' }, '中继拒绝此浏览器的推送服务'],
    ] as const) {
      render(
        <InterfaceLanguageProvider language="zh">
          <BackgroundRingingPage
            support={support}
            busy={false}
            error={null}
            onToggle={vi.fn()}
            onRetry={vi.fn()}
            onBack={vi.fn()}
          />
        </InterfaceLanguageProvider>,
      );
      expect(text()).toContain(words);
      cleanup();
    }
  });
});
