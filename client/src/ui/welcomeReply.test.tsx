// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReplyPanel, type Props as ReplyProps } from './ReplyPanel';
import { WelcomePage } from './WelcomePage';

afterEach(cleanup);

describe('WelcomePage', () => {
  function welcome() {
    const onPairLink = vi.fn();
    const onPairCode = vi.fn();
    render(
      <WelcomePage
        onPairLink={onPairLink}
        onPairCode={onPairCode}
        busy={false}
        error="That link has expired."
        defaultServer="http://192.168.1.5:8791"
      />,
    );
    return { onPairLink, onPairCode };
  }

  it('joins with a pasted link and shows the error it is given', () => {
    const { onPairLink } = welcome();
    expect(screen.getByRole('alert').textContent).toBe('That link has expired.');
    expect((screen.getByRole('button', { name: 'Join' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Pairing link' }), {
      target: { value: '  ringback://pair?relay=x&code=1 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(onPairLink).toHaveBeenCalledWith('ringback://pair?relay=x&code=1');
  });

  it('refuses a bad code form with a reason per field, then sends a valid one', () => {
    const { onPairCode } = welcome();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '12a' } });
    fireEvent.change(screen.getByLabelText('Passphrase'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join with code' }));
    expect(onPairCode).not.toHaveBeenCalled();
    expect(screen.getByText('The code has 6 digits.')).toBeTruthy();
    expect(screen.getByText('The passphrase has at least 12 characters.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Server address'), { target: { value: 'relay.local' } });
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123 456' } });
    fireEvent.change(screen.getByLabelText('Passphrase'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join with code' }));
    expect(screen.getByText('The address starts with http:// or https://.')).toBeTruthy();
    expect(onPairCode).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Server address'), {
      target: { value: 'http://192.168.1.5:8791' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Join with code' }));
    expect(onPairCode).toHaveBeenCalledWith({
      server: 'http://192.168.1.5:8791',
      code: '123456',
      passphrase: 'correct horse battery',
    });
  });
});

describe('ReplyPanel', () => {
  function reply(delivery: ReplyProps['delivery']) {
    const props: ReplyProps = {
      defaultText: 'Yes, merge it.',
      onSend: vi.fn(),
      onSkip: vi.fn(),
      onDone: vi.fn(),
      delivery,
    };
    const view = render(<ReplyPanel {...props} />);
    return { props, view };
  }

  it('sends the edited text, or skips', () => {
    const { props } = reply({ state: 'idle' });
    const box = screen.getByRole('textbox', { name: 'Your reply' });
    expect((box as HTMLTextAreaElement).value).toBe('Yes, merge it.');
    fireEvent.change(box, { target: { value: 'Yes, merge it after CI.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    fireEvent.click(screen.getByRole('button', { name: "Don't reply" }));
    expect(props.onSend).toHaveBeenCalledWith('Yes, merge it after CI.');
    expect(props.onSkip).toHaveBeenCalledOnce();
  });

  it('will not send an empty reply and disables sending while sending', () => {
    const { props, view } = reply({ state: 'idle' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Your reply' }), { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Send reply' }) as HTMLButtonElement).disabled).toBe(true);
    view.rerender(<ReplyPanel {...props} delivery={{ state: 'sending' }} />);
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('follows delivery live: queued, then delivered, then Done', () => {
    const { props, view } = reply({ state: 'queued' });
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
    expect(screen.getByText('Queued on the relay').closest('li')?.getAttribute('aria-current')).toBe('step');
    view.rerender(<ReplyPanel {...props} delivery={{ state: 'delivered' }} />);
    expect(screen.getByText('Delivered to the agent').closest('li')?.className).toContain('rb-step--done');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(props.onDone).toHaveBeenCalledOnce();
  });

  it('shows a failure in words and can retry', () => {
    const { props } = reply({ state: 'failed', reason: 'Your computer is offline.' });
    expect(screen.getByRole('alert').textContent).toContain('Your computer is offline.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(props.onSend).toHaveBeenCalledWith('Yes, merge it.');
  });
});
