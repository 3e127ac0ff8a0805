import { describe, expect, it } from 'vitest';
import { shellSmokeEnv } from './smoke-env';

describe("the launched shell's environment", () => {
  it('passes every display and session variable of the check through', () => {
    const parent = {
      PATH: '/usr/bin',
      DISPLAY: ':99',
      XAUTHORITY: '/tmp/xvfb-run.abc/Xauthority',
      WAYLAND_DISPLAY: 'wayland-0',
      XDG_RUNTIME_DIR: '/run/user/1000',
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/tmp/dbus-xyz',
      XDG_CURRENT_DESKTOP: 'ubuntu:GNOME',
      XDG_SESSION_TYPE: 'x11',
      LANG: 'en_US.UTF-8',
    };
    const env = shellSmokeEnv(parent, { HOME: '/tmp/home' });
    expect(env).toMatchObject(parent);
  });

  it("sets the check's own variables over the inherited ones", () => {
    const env = shellSmokeEnv(
      { HOME: '/home/me', XDG_CONFIG_HOME: '/home/me/.config', DISPLAY: ':0' },
      { HOME: '/tmp/home', XDG_CONFIG_HOME: '/tmp/home/.config', RINGBACK_SMOKE: '1' },
    );
    expect(env).toEqual({
      HOME: '/tmp/home',
      XDG_CONFIG_HOME: '/tmp/home/.config',
      RINGBACK_SMOKE: '1',
      DISPLAY: ':0',
    });
  });

  it('leaves out what would make Electron run as Node or load the check’s loader, and unset values', () => {
    const env = shellSmokeEnv(
      { ELECTRON_RUN_AS_NODE: '1', NODE_OPTIONS: '--import tsx', UNSET: undefined, DISPLAY: ':1' },
      {},
    );
    expect(env).toEqual({ DISPLAY: ':1' });
  });
});
