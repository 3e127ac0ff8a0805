// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InterfaceLanguageProvider } from '../../i18n';
import { PermissionRequestCard, type PermissionRequestView } from './PermissionRequestCard';

afterEach(cleanup);

const EDIT: PermissionRequestView = {
  title: 'Claude Code asks to edit a file',
  folder: 'billing-api',
  subject: '/work/billing-api/src/server.ts',
  description: null,
  change: { text: '@@ every occurrence @@\n- const port = 80;\n+ const port = 8080;', edits: true },
  command: null,
  complete: true,
};

const card = (request: PermissionRequestView) =>
  render(
    <InterfaceLanguageProvider language="en">
      <PermissionRequestCard request={request} />
    </InterfaceLanguageProvider>,
  );

describe('the permission request card', () => {
  it('shows the change a file request would make, lines out and in told apart', () => {
    card(EDIT);
    const change = screen.getByRole('region', { name: 'The change' });
    expect(change.textContent).toContain('const port = 8080;');
    expect(change.querySelector('.rb-perm-line-out')?.textContent).toBe('- const port = 80;');
    expect(change.querySelector('.rb-perm-line-in')?.textContent).toBe('+ const port = 8080;');
    expect(change.querySelector('.rb-perm-line-note')?.textContent).toBe('@@ every occurrence @@');
  });

  it("shows a new file's content as it is", () => {
    card({ ...EDIT, change: { text: '# Notes\n- first point', edits: false } });
    const change = screen.getByRole('region', { name: 'The change' });
    expect(change.textContent).toContain('- first point');
    expect(change.querySelector('.rb-perm-line-out')).toBeNull();
  });

  it('says a new file is empty, and shows no change for other requests', () => {
    card({ ...EDIT, change: { text: '', edits: false } });
    expect(screen.getByRole('region', { name: 'The change' }).textContent).toContain('An empty file');
    cleanup();
    card({ ...EDIT, change: null });
    expect(screen.queryByRole('region', { name: 'The change' })).toBeNull();
  });

  it('shows the command a network request is for, in full, under the target', () => {
    card({
      ...EDIT,
      title: 'Codex asks to reach the network',
      subject: 'https://registry.npmjs.org:443',
      change: null,
      command: 'npm install left-pad',
    });
    expect(screen.getByRole('region', { name: 'For the command' }).textContent).toContain(
      'npm install left-pad',
    );
    cleanup();
    card({ ...EDIT, command: null });
    expect(screen.queryByRole('region', { name: 'For the command' })).toBeNull();
  });
});
