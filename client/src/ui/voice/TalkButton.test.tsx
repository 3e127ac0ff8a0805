// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InterfaceLanguageProvider } from '../../i18n';
import type { VoiceInput, VoiceInputState } from '../../voice-input';
import { AskBox } from '../AskBox';
import { DecisionList } from '../DecisionList';
import { NeedField } from '../dispatch/NeedField';
import { ReplyPanel } from '../ReplyPanel';
import { TalkButton } from './TalkButton';
import { VoiceFailureNotice } from './VoiceFailureNotice';
import { VoiceInputContext, type VoiceInputFactory } from './voice-input-context';

afterEach(cleanup);

/** A voice input whose state the test sets, recording what the button asked of it. */
function fakeInput(initial: VoiceInputState = { status: 'idle' }) {
  let state = initial;
  const listeners = new Set<() => void>();
  const calls: string[] = [];
  const input: VoiceInput = {
    get: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => calls.push('start'),
    stop: () => calls.push('stop'),
    retry: () => calls.push('retry'),
    dismiss: () => calls.push('dismiss'),
    dispose: () => calls.push('dispose'),
  };
  const set = (next: VoiceInputState) =>
    act(() => {
      state = next;
      for (const listener of listeners) listener();
    });
  return { input, calls, set };
}

describe('the Talk button', () => {
  it('records while held with a mouse, pausing playback first', () => {
    const { input, calls, set } = fakeInput();
    const onRecordingStart = vi.fn();
    const { rerender } = render(
      <TalkButton voice={{ input, state: input.get() }} label="Talk" onRecordingStart={onRecordingStart} />,
    );
    const button = screen.getByRole('button', { name: 'Talk' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.pointerDown(button, { button: 0, pointerType: 'mouse', pointerId: 1 });
    expect(onRecordingStart).toHaveBeenCalledOnce();
    expect(calls).toEqual(['start']);
    set({ status: 'recording' });
    rerender(<TalkButton voice={{ input, state: input.get() }} label="Talk" />);
    const live = screen.getByRole('button', { name: 'Listening… release to stop' });
    expect(live.getAttribute('aria-pressed')).toBe('true');
    fireEvent.pointerUp(live, { pointerType: 'mouse', pointerId: 1 });
    expect(calls).toEqual(['start', 'stop']);
  });

  it('on touch, starts with one press and stops with the next', () => {
    const { input, calls, set } = fakeInput();
    const { rerender } = render(<TalkButton voice={{ input, state: input.get() }} label="Talk" />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Talk' }), { button: 0, pointerType: 'touch' });
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Talk' }), { pointerType: 'touch' });
    expect(calls).toEqual(['start']);
    set({ status: 'recording' });
    rerender(<TalkButton voice={{ input, state: input.get() }} label="Talk" />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Listening… tap to stop' }), {
      button: 0,
      pointerType: 'touch',
    });
    expect(calls).toEqual(['start', 'stop']);
  });

  it('records while Space is held', () => {
    const { input, calls } = fakeInput();
    render(<TalkButton voice={{ input, state: input.get() }} label="Talk" />);
    const button = screen.getByRole('button', { name: 'Talk' });
    fireEvent.keyDown(button, { key: ' ' });
    fireEvent.keyDown(button, { key: ' ', repeat: true });
    fireEvent.keyUp(button, { key: ' ' });
    expect(calls).toEqual(['start', 'stop']);
  });

  it('is disabled while transcribing', () => {
    const { input } = fakeInput({ status: 'transcribing' });
    render(<TalkButton voice={{ input, state: input.get() }} label="Talk" />);
    expect((screen.getByRole('button', { name: 'Transcribing…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the failure line', () => {
  it('says why in a sentence, in Chinese too, and Retry sends the same audio again', () => {
    const state: VoiceInputState = {
      status: 'failed',
      failure: { kind: 'refused', status: 401, message: 'Invalid API key' },
      canRetry: true,
    };
    const { input, calls } = fakeInput(state);
    render(<VoiceFailureNotice voice={{ input, state }} />);
    expect(screen.getByRole('alert').textContent).toContain(
      'Speech recognition refused the recording (401): Invalid API key',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(calls).toEqual(['retry']);
    cleanup();
    render(
      <InterfaceLanguageProvider language="zh">
        <VoiceFailureNotice
          voice={{ input, state: { status: 'failed', failure: { kind: 'not-set' }, canRetry: false } }}
        />
      </InterfaceLanguageProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('设置 → 集成 → 语音识别');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });
});

describe('fields with voice input', () => {
  function provider() {
    let give: (text: string) => void = () => undefined;
    const fake = fakeInput();
    const factory: VoiceInputFactory = (onText) => {
      give = onText;
      return fake.input;
    };
    return { factory, say: (text: string) => act(() => give(text)) };
  }

  it('asks a spoken question as a typed one', () => {
    const { factory, say } = provider();
    const onAsk = vi.fn();
    render(
      <VoiceInputContext.Provider value={factory}>
        <AskBox onTyping={vi.fn()} onAsk={onAsk} answering={false} />
      </VoiceInputContext.Provider>,
    );
    say('How long did it take?');
    expect(onAsk).toHaveBeenCalledWith('How long did it take?');
  });

  it('puts dictated words into the reply for editing, and never sends them by itself', () => {
    const { factory, say } = provider();
    const onSend = vi.fn();
    const onDraftChange = vi.fn();
    render(
      <VoiceInputContext.Provider value={factory}>
        <ReplyPanel
          defaultText="Thanks."
          onSend={onSend}
          onDraftChange={onDraftChange}
          onSkip={vi.fn()}
          onDone={vi.fn()}
          delivery={{ state: 'idle' }}
        />
      </VoiceInputContext.Provider>,
    );
    say('Now update the changelog.');
    expect((screen.getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe(
      'Thanks. Now update the changelog.',
    );
    expect(onDraftChange).toHaveBeenLastCalledWith('Thanks. Now update the changelog.');
    expect(onSend).not.toHaveBeenCalled();
  });

  it("puts a dictated answer into a decision's box, to be sent by the user", () => {
    const { factory, say } = provider();
    const onDecide = vi.fn();
    render(
      <VoiceInputContext.Provider value={factory}>
        <DecisionList decisions={[{ question: 'Deploy today?', answer: null }]} onDecide={onDecide} />
      </VoiceInputContext.Provider>,
    );
    say('Tomorrow morning.');
    expect((screen.getByLabelText('Your answer') as HTMLInputElement).value).toBe('Tomorrow morning.');
    expect(onDecide).not.toHaveBeenCalled();
  });

  it("adds dictated words to the dispatch's need", () => {
    const { factory, say } = provider();
    const onChange = vi.fn();
    render(
      <VoiceInputContext.Provider value={factory}>
        <NeedField value="Fix the login." onChange={onChange} onSubmitShortcut={vi.fn()} />
      </VoiceInputContext.Provider>,
    );
    expect(screen.getByRole('button', { name: 'Dictate' })).toBeTruthy();
    say('Urgent, by Friday.');
    expect(onChange).toHaveBeenCalledWith('Fix the login. Urgent, by Friday.');
  });

  it('shows no Talk button without a provider', () => {
    render(<AskBox onTyping={vi.fn()} onAsk={vi.fn()} answering={false} />);
    expect(screen.queryByRole('button', { name: 'Talk' })).toBeNull();
  });
});
