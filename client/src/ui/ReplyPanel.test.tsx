// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InterfaceLanguageProvider } from '../i18n';
import { type Props, ReplyPanel } from './ReplyPanel';

afterEach(cleanup);

function panel(delivery: Props['delivery']) {
  const props: Props = {
    defaultText: 'Yes, merge it.',
    onSend: vi.fn(),
    onSkip: vi.fn(),
    onDone: vi.fn(),
    delivery,
  };
  const view = render(<ReplyPanel {...props} />);
  return { props, view };
}

describe('ReplyPanel while a reply is being sent', () => {
  it('lets the user leave without waiting for the send to end', () => {
    const { props } = panel({ state: 'sending' });
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(true);
    const leave = screen.getByRole('button', { name: 'Stop waiting' }) as HTMLButtonElement;
    expect(leave.disabled).toBe(false);
    fireEvent.click(leave);
    expect(props.onSkip).toHaveBeenCalledOnce();
    expect(props.onSend).not.toHaveBeenCalled();
  });

  it('offers Retry once a hung send has failed with the relay named', () => {
    const { props, view } = panel({ state: 'sending' });
    view.rerender(
      <ReplyPanel
        {...props}
        delivery={{
          state: 'failed',
          reason: 'could not send the reply: the relay at relay.example.com did not answer within 15 s',
        }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('the relay at relay.example.com did not answer');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(props.onSend).toHaveBeenCalledWith('Yes, merge it.');
  });

  it('says it in Chinese too', () => {
    render(
      <InterfaceLanguageProvider language="zh">
        <ReplyPanel
          defaultText="好"
          onSend={vi.fn()}
          onSkip={vi.fn()}
          onDone={vi.fn()}
          delivery={{ state: 'sending' }}
        />
      </InterfaceLanguageProvider>,
    );
    expect((screen.getByRole('button', { name: '不再等待' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('ReplyPanel when another device has the call now', () => {
  it('says so plainly at the top', () => {
    render(
      <ReplyPanel
        defaultText="Go on."
        onSend={vi.fn()}
        onSkip={vi.fn()}
        onDone={vi.fn()}
        delivery={{ state: 'idle' }}
        notice="Desk has this call now: what you say or write here may not reach the agent."
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Desk has this call now: what you say or write here may not reach the agent.',
    );
  });
});
