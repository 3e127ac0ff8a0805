import { describe, expect, it } from 'vitest';
import { ephemeralPathReason, withoutMountLibraries } from './ephemeral-path';

describe('ephemeralPathReason', () => {
  it('names an AppImage mount, by $APPDIR or by its /tmp/.mount_ name', () => {
    const env = { APPDIR: '/run/user/1000/appimage-x', APPIMAGE: '/home/ada/Ringback.AppImage' };
    expect(ephemeralPathReason('/run/user/1000/appimage-x/resources/daemon/ringback.mjs', env)).toContain(
      "AppImage's mount",
    );
    expect(ephemeralPathReason('/tmp/.mount_RingbaQx7/usr/bin', {})).toContain('AppImage mount');
    // The AppImage file itself stays where the user put it; a sibling folder is not inside the mount.
    expect(ephemeralPathReason('/home/ada/Ringback.AppImage', env)).toBeNull();
    expect(ephemeralPathReason('/run/user/1000/appimage-xy/bin', env)).toBeNull();
  });

  it('names a macOS App Translocation folder', () => {
    expect(
      ephemeralPathReason(
        '/private/var/folders/xy/abc/T/AppTranslocation/5F0E/d/Ringback.app/Contents/Resources/daemon/ringback.mjs',
        {},
      ),
    ).toContain('App Translocation');
  });

  it('lets lasting places pass', () => {
    expect(ephemeralPathReason('/home/ada/.local/share/ringback/daemon/1.0.0/ringback.mjs', {})).toBeNull();
    expect(
      ephemeralPathReason('/Applications/Ringback.app/Contents/Resources/daemon/ringback.mjs', {}),
    ).toBeNull();
  });
});

describe('withoutMountLibraries', () => {
  it('drops the library path entries AppRun points into its mount, and the variable when none is left', () => {
    const env = {
      APPDIR: '/tmp/.mount_Ringba1',
      LD_LIBRARY_PATH: '/tmp/.mount_Ringba1/usr/lib:/opt/cuda/lib',
      A: '1',
    };
    expect(withoutMountLibraries(env)).toEqual({
      APPDIR: '/tmp/.mount_Ringba1',
      LD_LIBRARY_PATH: '/opt/cuda/lib',
      A: '1',
    });
    expect(
      withoutMountLibraries({ APPDIR: '/tmp/.mount_R', LD_LIBRARY_PATH: '/tmp/.mount_R/usr/lib' }),
    ).toEqual({
      APPDIR: '/tmp/.mount_R',
    });
    const plain = { PATH: '/usr/bin' };
    expect(withoutMountLibraries(plain)).toBe(plain);
  });
});
