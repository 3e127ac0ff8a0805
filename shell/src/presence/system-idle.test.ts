import { describe, expect, it } from 'vitest';
import { systemIdleSource } from './system-idle';

const idleTime = () => 42;

describe('the system idle time the shell reports', () => {
  it("is Electron's on macOS, Windows and an X11 session", () => {
    expect(systemIdleSource('darwin', {}, idleTime)?.()).toBe(42);
    expect(systemIdleSource('win32', {}, idleTime)?.()).toBe(42);
    expect(systemIdleSource('linux', { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' }, idleTime)?.()).toBe(42);
  });

  it('is none in a Wayland session, where XWayland sees only input to X windows', () => {
    expect(systemIdleSource('linux', { XDG_SESSION_TYPE: 'wayland' }, idleTime)).toBeNull();
    expect(systemIdleSource('linux', { WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' }, idleTime)).toBeNull();
  });
});
