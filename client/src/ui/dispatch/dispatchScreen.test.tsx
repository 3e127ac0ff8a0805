// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DispatchScreen, type Props } from './DispatchScreen';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ISSUES = [
  { id: 'i1', identifier: 'ACME-41', title: 'Fix the login', status: 'in_progress' },
  { id: 'i2', identifier: 'ACME-7', title: 'Dark mode', status: 'backlog' },
];

function props(overrides: Partial<Props> = {}): Props {
  return {
    workspaces: [{ id: 'w1', name: 'Acme' }],
    workspaceId: 'w1',
    projects: [
      { id: 'p1', title: 'Website' },
      { id: 'p2', title: 'Mobile' },
    ],
    projectId: 'p1',
    agents: [
      { id: 'a1', name: 'Claude', online: true },
      { id: 'a2', name: 'Codex', online: false },
    ],
    agentId: 'a1',
    mode: 'new',
    issues: [],
    selectedIssue: null,
    statuses: [
      { key: 'backlog', name: 'Backlog' },
      { key: 'in_progress', name: 'In Progress' },
    ],
    images: [],
    blockedReason: null,
    call: null,
    onPickWorkspace: vi.fn(),
    onPickProject: vi.fn(),
    onPickAgent: vi.fn(),
    onModeChange: vi.fn(),
    onSearch: vi.fn(),
    onPickIssue: vi.fn(),
    onAddImages: vi.fn(),
    onRemoveImage: vi.fn(),
    onRetryImage: vi.fn(),
    onSubmit: vi.fn(),
    onCancel: vi.fn(),
    onOpenMyDispatches: vi.fn(),
    onBack: vi.fn(),
    onNewCall: vi.fn(),
    ...overrides,
  };
}

const callButton = () => screen.getByRole('button', { name: 'Call the agent' }) as HTMLButtonElement;
const needBox = () => screen.getByLabelText('What should the agent do?');
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('DispatchScreen form', () => {
  it('is disabled with a stated reason until there are words or images, then calls with the words', () => {
    const p = props();
    render(<DispatchScreen {...p} />);
    expect(callButton().disabled).toBe(true);
    expect(screen.getByText('Say what the agent should do, or add an image.')).toBeTruthy();
    fireEvent.change(needBox(), { target: { value: '  Fix the login page, urgent  ' } });
    expect(callButton().disabled).toBe(false);
    fireEvent.click(callButton());
    expect(p.onSubmit).toHaveBeenCalledWith({ text: 'Fix the login page, urgent' });
  });

  it("shows the parent's reason first, and an offline agent or missing choices block too", () => {
    const p = props({ blockedReason: 'The computer is offline.' });
    const { rerender } = render(<DispatchScreen {...p} />);
    fireEvent.change(needBox(), { target: { value: 'Do it' } });
    expect(callButton().disabled).toBe(true);
    expect(callButton().getAttribute('aria-describedby')).toBe('rb-call-reason');
    expect(screen.getByText('The computer is offline.')).toBeTruthy();

    // It becomes usable again on its own when the condition clears.
    rerender(<DispatchScreen {...p} blockedReason={null} />);
    expect(callButton().disabled).toBe(false);
    rerender(<DispatchScreen {...p} blockedReason={null} agentId="a2" />);
    expect(screen.getByText('Codex is offline.')).toBeTruthy();
    expect(callButton().disabled).toBe(true);
    rerender(<DispatchScreen {...p} blockedReason={null} agentId={null} />);
    expect(screen.getByText('Choose an agent.')).toBeTruthy();
    rerender(<DispatchScreen {...p} blockedReason={null} projectId={null} />);
    expect(screen.getByText('Choose a project.')).toBeTruthy();
  });

  it('counts characters near the 8000 limit and blocks over it', () => {
    render(<DispatchScreen {...props()} />);
    fireEvent.change(needBox(), { target: { value: 'x'.repeat(6999) } });
    expect(screen.queryByText(/\/ 8,000/)).toBeNull();
    fireEvent.change(needBox(), { target: { value: 'x'.repeat(8000) } });
    expect(screen.getByText('8,000 / 8,000')).toBeTruthy();
    expect(callButton().disabled).toBe(false);
    fireEvent.change(needBox(), { target: { value: 'x'.repeat(8001) } });
    expect(screen.getByText('Shorten the words to 8000 characters.')).toBeTruthy();
    expect(needBox().getAttribute('aria-invalid')).toBe('true');
    expect(callButton().disabled).toBe(true);
  });

  it('calls with Ctrl+Enter from the text box only when usable', () => {
    const p = props();
    render(<DispatchScreen {...p} />);
    fireEvent.keyDown(needBox(), { key: 'Enter', ctrlKey: true });
    expect(p.onSubmit).not.toHaveBeenCalled();
    fireEvent.change(needBox(), { target: { value: 'Ship it' } });
    fireEvent.keyDown(needBox(), { key: 'Enter', metaKey: true });
    expect(p.onSubmit).toHaveBeenCalledWith({ text: 'Ship it' });
  });

  it('rows open bottom panels to pick; the workspace row only with several workspaces', () => {
    const p = props();
    const { rerender } = render(<DispatchScreen {...p} />);
    expect(screen.queryByRole('button', { name: /^Workspace/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Project Website/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Agent Claude online/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Agent/ }));
    const sheet = screen.getByRole('dialog', { name: 'Agent' });
    expect(
      within(sheet)
        .getByRole('button', { name: /Claude/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    fireEvent.click(within(sheet).getByRole('button', { name: /Codex offline/ }));
    expect(p.onPickAgent).toHaveBeenCalledWith('a2');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Project/ }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Project' })).getByRole('button', { name: 'Mobile' }),
    );
    expect(p.onPickProject).toHaveBeenCalledWith('p2');

    rerender(
      <DispatchScreen
        {...p}
        workspaces={[
          { id: 'w1', name: 'Acme' },
          { id: 'w2', name: 'Side' },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Workspace Acme/ }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Workspace' })).getByRole('button', { name: 'Side' }),
    );
    expect(p.onPickWorkspace).toHaveBeenCalledWith('w2');
  });

  it('switches to an existing issue: searches, filters by status, picks, and calls without an agent', () => {
    const p = props();
    const { rerender } = render(<DispatchScreen {...p} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Existing issue' }));
    expect(p.onModeChange).toHaveBeenCalledWith('existing');

    rerender(<DispatchScreen {...p} mode="existing" issues={ISSUES} />);
    expect(p.onSearch).toHaveBeenLastCalledWith('', []);
    expect(screen.queryByRole('button', { name: /^Agent/ })).toBeNull();
    fireEvent.change(needBox(), { target: { value: 'Also check Safari' } });
    expect(screen.getByText('Choose an issue.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search issues'), { target: { value: 'ACME-41 ' } });
    expect(p.onSearch).toHaveBeenLastCalledWith('ACME-41', []);
    fireEvent.click(screen.getByRole('checkbox', { name: 'In Progress' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Backlog' }));
    // Keys go in board order, whatever order they were ticked in.
    expect(p.onSearch).toHaveBeenLastCalledWith('ACME-41', ['backlog', 'in_progress']);

    fireEvent.click(screen.getByRole('button', { name: /ACME-41 Fix the login/ }));
    expect(p.onPickIssue).toHaveBeenCalledWith(ISSUES[0]);
    rerender(<DispatchScreen {...p} mode="existing" issues={ISSUES} selectedIssue={ISSUES[0] ?? null} />);
    expect(screen.getByRole('button', { name: /ACME-41 Fix the login/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByText('Chosen issue:', { exact: false })).toBeTruthy();
    fireEvent.click(callButton());
    expect(p.onSubmit).toHaveBeenCalledWith({ text: 'Also check Safari' });
  });

  it('shows an empty or failed issue search', () => {
    render(<DispatchScreen {...props({ mode: 'existing', issuesError: 'The tracker did not answer.' })} />);
    expect(screen.getByText('The tracker did not answer.')).toBeTruthy();
    cleanup();
    render(<DispatchScreen {...props({ mode: 'existing' })} />);
    expect(screen.getByText('No matching issues in this project.')).toBeTruthy();
  });
});

describe('DispatchScreen images', () => {
  it('adds images by the button, by paste and by drop; non-images are named and left out', () => {
    const p = props();
    render(<DispatchScreen {...p} />);
    const a = png('a.png');
    fireEvent.change(screen.getByLabelText('Choose images'), { target: { files: [a] } });
    expect(p.onAddImages).toHaveBeenLastCalledWith([a]);

    const b = png('b.png');
    const pdf = new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' });
    fireEvent.paste(needBox(), { clipboardData: { files: [b, pdf], items: [], types: ['Files'] } });
    expect(p.onAddImages).toHaveBeenLastCalledWith([b]);
    expect(screen.getByRole('alert').textContent).toContain('notes.pdf');

    // Pasted text is left to the text box.
    fireEvent.paste(needBox(), { clipboardData: { files: [], items: [], types: ['text/plain'] } });
    expect(p.onAddImages).toHaveBeenCalledTimes(2);

    const main = screen.getByRole('main');
    const c = png('c.png');
    fireEvent.dragEnter(main, { dataTransfer: { types: ['Files'], files: [] } });
    expect(main.className).toContain('rb-dispatch--dragging');
    expect(screen.getByText('Drop images to attach them')).toBeTruthy();
    fireEvent.drop(main, { dataTransfer: { types: ['Files'], files: [c] } });
    expect(p.onAddImages).toHaveBeenLastCalledWith([c]);
    expect(main.className).not.toContain('rb-dispatch--dragging');
  });

  it('takes a paste of images with nothing focused', () => {
    const p = props();
    render(<DispatchScreen {...p} />);
    const d = png('d.png');
    fireEvent.paste(document.body, { clipboardData: { files: [d], items: [], types: ['Files'] } });
    expect(p.onAddImages).toHaveBeenCalledWith([d]);
  });

  it('shows thumbnails with their state; remove, retry, and object URLs revoked', () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:thumb-1');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const p = props({
      images: [
        { id: 'm1', name: 'shot.png', state: 'uploaded', preview: png('shot.png') },
        { id: 'm2', name: 'big.heic', state: 'failed', error: 'The upload failed.' },
        { id: 'm3', name: 'c.png', state: 'uploading' },
      ],
    });
    const { rerender, unmount } = render(<DispatchScreen {...p} />);
    expect(created).toHaveBeenCalledOnce();
    expect((screen.getByAltText('shot.png') as HTMLImageElement).src).toBe('blob:thumb-1');
    expect(screen.getByText('Ready', { exact: false })).toBeTruthy();
    expect(screen.getByText('Uploading', { exact: false })).toBeTruthy();
    expect(screen.getByText('The upload failed.')).toBeTruthy();
    // A failed image blocks the call even with words.
    fireEvent.change(needBox(), { target: { value: 'See screenshots' } });
    expect(screen.getByText('An image failed: retry or remove it.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry big.heic' }));
    expect(p.onRetryImage).toHaveBeenCalledWith('m2');
    fireEvent.click(screen.getByRole('button', { name: 'Remove shot.png' }));
    expect(p.onRemoveImage).toHaveBeenCalledWith('m1');

    rerender(<DispatchScreen {...p} images={(p.images ?? []).slice(1)} />);
    expect(revoked).toHaveBeenCalledWith('blob:thumb-1');
    unmount();
    expect(revoked).toHaveBeenCalledOnce();
  });

  it('lets images alone make a call', () => {
    const p = props({ images: [{ id: 'm1', name: 'a.png', state: 'uploaded' }] });
    render(<DispatchScreen {...p} />);
    expect(callButton().disabled).toBe(false);
    fireEvent.click(callButton());
    expect(p.onSubmit).toHaveBeenCalledWith({ text: '' });
  });
});

describe('DispatchScreen calling view', () => {
  it('shows calling with Cancel and My dispatches, then the created issue', () => {
    const p = props({ call: { state: 'calling' } });
    const { rerender } = render(<DispatchScreen {...p} />);
    expect(screen.getByRole('heading', { name: 'Claude' })).toBeTruthy();
    expect(screen.getByText('Calling…')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(p.onCancel).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'My dispatches' }));
    expect(p.onOpenMyDispatches).toHaveBeenCalledOnce();

    rerender(
      <DispatchScreen {...p} call={{ state: 'created', identifier: 'ACME-42', title: 'Fix the login' }} />,
    );
    expect(screen.getByText('Dispatched: ACME-42 Fix the login')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(p.onBack).toHaveBeenCalledOnce();
  });

  it('the waiting tone can be silenced while calling, and the choice shows as pressed', () => {
    const onToggle = vi.fn();
    const p = props({ call: { state: 'calling' }, waitingTone: { silent: false, onToggle } });
    const { rerender } = render(<DispatchScreen {...p} />);
    const toggle = () => screen.getByRole('button', { name: 'Silence the waiting tone' });
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle());
    expect(onToggle).toHaveBeenCalledOnce();
    rerender(<DispatchScreen {...p} waitingTone={{ silent: true, onToggle }} />);
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    rerender(<DispatchScreen {...p} call={{ state: 'created', identifier: 'ACME-42' }} />);
    expect(screen.queryByRole('button', { name: 'Silence the waiting tone' })).toBeNull();
  });

  it('shows the failure reason; Try again keeps the words, New call after created clears them', () => {
    const p = props();
    const { rerender } = render(<DispatchScreen {...p} />);
    fireEvent.change(needBox(), { target: { value: 'Fix it' } });
    rerender(<DispatchScreen {...p} call={{ state: 'failed', failureReason: 'agent runtime is offline' }} />);
    expect(screen.getByText('The call failed')).toBeTruthy();
    expect(screen.getByText('agent runtime is offline')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(p.onNewCall).toHaveBeenCalledOnce();
    rerender(<DispatchScreen {...p} call={null} />);
    expect((needBox() as HTMLTextAreaElement).value).toBe('Fix it');

    rerender(<DispatchScreen {...p} call={{ state: 'created', identifier: 'ACME-43', title: 'Fix it' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'New call' }));
    rerender(<DispatchScreen {...p} call={null} />);
    expect((needBox() as HTMLTextAreaElement).value).toBe('');
  });

  it('shows cancelled, and names the issue for a comment call', async () => {
    const p = props({ mode: 'existing', selectedIssue: ISSUES[0] ?? null, call: { state: 'cancelled' } });
    await act(async () => {
      render(<DispatchScreen {...p} />);
    });
    expect(screen.getByRole('heading', { name: 'ACME-41' })).toBeTruthy();
    expect(screen.getByText('Cancelled')).toBeTruthy();
  });
});
