import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { daemonDataDir } from './data-dir';

describe('daemonDataDir', () => {
  it('follows RINGBACK_HOME like the daemon does', () => {
    expect(daemonDataDir({ RINGBACK_HOME: '/srv/rb' }, '/home/ada')).toBe('/srv/rb');
  });

  it('defaults to ~/.ringback, also when RINGBACK_HOME is blank', () => {
    expect(daemonDataDir({}, '/home/ada')).toBe(join('/home/ada', '.ringback'));
    expect(daemonDataDir({ RINGBACK_HOME: ' ' }, '/home/ada')).toBe(join('/home/ada', '.ringback'));
  });
});
