import { describe, expect, it } from 'vitest';
import { fakeElectron } from '../main/fake-electron';
import { createShellTray, statusLine, trayMenuTemplate } from './shell-tray';

const noop = { show: () => undefined, quit: () => undefined };

describe('the tray menu', () => {
  it('has Show, the status greyed and Quit, in English', () => {
    const items = trayMenuTemplate({ connected: true, missed: 0, language: 'en' }, noop);
    const labelled = items.filter((item) => item.type !== 'separator');
    expect(labelled.map((item) => item.label)).toEqual(['Show Ringback', 'Connected', 'Quit Ringback']);
    expect(labelled[1]?.enabled).toBe(false);
  });

  it('speaks Chinese when the interface does', () => {
    const items = trayMenuTemplate({ connected: false, missed: 2, language: 'zh' }, noop);
    expect(items.filter((item) => item.type !== 'separator').map((item) => item.label)).toEqual([
      '显示 Ringback',
      '未连接 · 2 个未接来电',
      '退出 Ringback',
    ]);
  });

  it('counts missed calls in the status line', () => {
    expect(statusLine({ connected: false, missed: 0, language: 'en' })).toBe('Not connected');
    expect(statusLine({ connected: true, missed: 1, language: 'en' })).toBe('Connected · 1 missed call');
    expect(statusLine({ connected: true, missed: 3, language: 'en' })).toBe('Connected · 3 missed calls');
  });
});

describe('createShellTray', () => {
  it('sets the tooltip and menu, follows status changes, and its items act', () => {
    const fake = fakeElectron();
    const acted: string[] = [];
    const tray = createShellTray(
      fake.api,
      '/icons/tray.png',
      { connected: false, missed: 0, language: 'en' },
      {
        show: () => acted.push('show'),
        quit: () => acted.push('quit'),
      },
    );
    const icon = fake.trays[0];
    expect(icon?.iconPath).toBe('/icons/tray.png');
    expect(icon?.toolTip).toBe('Ringback: Not connected');

    tray.update({ connected: true, missed: 4, language: 'zh' });
    expect(icon?.toolTip).toBe('Ringback 回电: 已连接 · 4 个未接来电');
    expect(icon?.menu.find((item) => item.id === 'status')?.label).toBe('已连接 · 4 个未接来电');

    icon?.clickItem('show');
    icon?.clickItem('quit');
    icon?.emit('click');
    expect(acted).toEqual(['show', 'quit', 'show']);
  });
});

describe('a saved pairing main could not read', () => {
  it('is the status line until it clears, in the interface language', () => {
    expect(statusLine({ connected: false, missed: 0, language: 'en' }, true)).toBe(
      'Not connected: the saved pairing could not be read',
    );
    expect(statusLine({ connected: false, missed: 2, language: 'zh' }, true)).toBe(
      '未连接：无法读取保存的配对 · 2 个未接来电',
    );
    const fake = fakeElectron();
    const tray = createShellTray(
      fake.api,
      '/icons/tray.png',
      { connected: false, missed: 0, language: 'en' },
      noop,
    );
    tray.pairingUnreadable(true);
    expect(fake.trays[0]?.toolTip).toBe('Ringback: Not connected: the saved pairing could not be read');
    expect(fake.trays[0]?.menu.find((item) => item.id === 'status')?.label).toBe(
      'Not connected: the saved pairing could not be read',
    );
    tray.pairingUnreadable(false);
    expect(fake.trays[0]?.toolTip).toBe('Ringback: Not connected');
  });
});

describe('the away switch in the tray', () => {
  it('shows "Away from this computer" as a checkbox only while the daemon answers, and acts on it', () => {
    const fake = fakeElectron();
    const set: boolean[] = [];
    const tray = createShellTray(
      fake.api,
      '/icons/tray.png',
      { connected: true, missed: 0, language: 'en' },
      { ...noop, away: (on) => set.push(on) },
    );
    const icon = fake.trays[0];
    expect(icon?.menu.find((item) => item.id === 'away')).toBeUndefined();

    tray.away({ available: true, on: false });
    expect(icon?.menu.find((item) => item.id === 'away')).toMatchObject({
      label: 'Away from this computer',
      type: 'checkbox',
      checked: false,
    });
    icon?.clickItem('away');
    tray.away({ available: true, on: true });
    expect(icon?.menu.find((item) => item.id === 'away')?.checked).toBe(true);
    icon?.clickItem('away');
    expect(set).toEqual([true, false]);

    tray.update({ connected: true, missed: 0, language: 'zh' });
    expect(icon?.menu.find((item) => item.id === 'away')?.label).toBe('已离开这台电脑');
    tray.away({ available: false });
    expect(icon?.menu.find((item) => item.id === 'away')).toBeUndefined();
  });
});
