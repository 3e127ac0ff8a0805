// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InterfaceLanguageProvider } from '../i18n';
import { type Props as InCallProps, InCallScreen } from './InCallScreen';
import { IncomingCallScreen } from './IncomingCallScreen';
import { answerFailedNotice, VOICE_UNAVAILABLE_NOTICE } from './notices';
import { SegmentView } from './SegmentView';

afterEach(cleanup);

describe('IncomingCallScreen', () => {
  it('shows the caller and preview, and Answer / Decline call back by name', () => {
    const onAnswer = vi.fn();
    const onDecline = vi.fn();
    render(
      <IncomingCallScreen
        callerName="Claude Code"
        subtitle="ringback"
        preview="The relay now serves the app."
        onAnswer={onAnswer}
        onDecline={onDecline}
        queueCount={2}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Claude Code' })).toBeTruthy();
    expect(screen.getByText('The relay now serves the app.')).toBeTruthy();
    expect(screen.getByText('2 more calls waiting')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Answer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onDecline).toHaveBeenCalledTimes(1);
  });
});

function inCallProps(overrides: Partial<InCallProps> = {}): InCallProps {
  return {
    callerName: 'Codex',
    elapsedMs: 65_000,
    segments: [
      { kind: 'paragraph', sentences: ['First sentence.', 'Second sentence.'] },
      { kind: 'card', title: 'Tests', sentences: ['All green.'] },
    ],
    position: { segment: 0, sentence: 1 },
    playing: true,
    answering: false,
    answerSentences: [],
    conversation: [],
    decisions: [],
    notices: [],
    reportText: 'The full original report.',
    onPause: vi.fn(),
    onResume: vi.fn(),
    onPreviousCard: vi.fn(),
    onNextCard: vi.fn(),
    onDecide: vi.fn(),
    onTyping: vi.fn(),
    onAsk: vi.fn(),
    onHangUp: vi.fn(),
    ...overrides,
  };
}

function inCall(overrides: Partial<InCallProps> = {}) {
  const props = inCallProps(overrides);
  render(<InCallScreen {...props} />);
  return props;
}

describe('InCallScreen', () => {
  it('shows the timer and the sentence being spoken as the caption, highlighted in its card', () => {
    inCall();
    expect(screen.getByText('1:05')).toBeTruthy();
    expect(document.querySelector('.rb-caption')?.textContent).toBe('Second sentence.');
    expect(document.querySelector('[aria-current="true"]')?.textContent?.trim()).toBe('Second sentence.');
  });

  it('Pause, Next card and Hang up call back; Previous card is refused on the first card', () => {
    const props = inCall();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(props.onPause).toHaveBeenCalledOnce();
    expect(props.onNextCard).toHaveBeenCalledOnce();
    expect(props.onPreviousCard).not.toHaveBeenCalled();
    expect(props.onHangUp).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('shows Resume when paused', () => {
    const props = inCall({ playing: false });
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(props.onResume).toHaveBeenCalledOnce();
  });

  it('typing interrupts, Enter asks, and an empty question is not sent', () => {
    const props = inCall();
    const box = screen.getByRole('textbox', { name: 'Ask a question' });
    fireEvent.submit(box);
    expect(props.onAsk).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'Why?' } });
    expect(props.onTyping).toHaveBeenCalled();
    fireEvent.submit(box);
    expect(props.onAsk).toHaveBeenCalledWith('Why?');
    expect((box as HTMLInputElement).value).toBe('');
    fireEvent.change(box, { target: { value: ' again ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(props.onAsk).toHaveBeenLastCalledWith('again');
  });

  it('decisions answer with Yes or free text', () => {
    const props = inCall({
      decisions: [
        { question: 'Merge now?', answer: null },
        { question: 'Which branch?', answer: null },
      ],
    });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Merge now?' })).getByRole('button', { name: 'Yes' }),
    );
    const second = within(screen.getByRole('group', { name: 'Which branch?' }));
    fireEvent.change(second.getByRole('textbox', { name: 'Your answer' }), { target: { value: 'main' } });
    fireEvent.click(second.getByRole('button', { name: 'Send answer' }));
    expect(props.onDecide).toHaveBeenCalledWith(0, 'Yes');
    expect(props.onDecide).toHaveBeenCalledWith(1, 'main');
  });

  it('speaks the streamed answer as the caption and shows notices and the original report', () => {
    inCall({
      answering: true,
      answerSentences: ['Because it was faster.', 'And safer.'],
      answerSentenceIndex: 0,
      conversation: [{ role: 'user', text: 'Why?' }],
      notices: [VOICE_UNAVAILABLE_NOTICE],
    });
    expect(document.querySelector('.rb-caption')?.textContent).toBe('Because it was faster.');
    expect(screen.getByText('Why?')).toBeTruthy();
    expect(screen.getByText(VOICE_UNAVAILABLE_NOTICE)).toBeTruthy();
    expect(screen.getByText('Original report')).toBeTruthy();
    expect(screen.getByText('The full original report.')).toBeTruthy();
  });

  it('says why the model gave no answer (a refused key is not an unreachable model), in the interface language', () => {
    const notices = [answerFailedNotice('llm.example refused the API key')];
    inCall({ playing: false, notices });
    expect(
      screen.getByText(
        'Your model did not answer: llm.example refused the API key. The report text is below.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Could not reach your model/)).toBeNull();
    cleanup();
    render(
      <InterfaceLanguageProvider language="zh">
        <InCallScreen {...inCallProps({ playing: false, notices })} />
      </InterfaceLanguageProvider>,
    );
    expect(
      screen.getByText('你的模型没有回答：llm.example refused the API key。报告原文在下方。'),
    ).toBeTruthy();
  });

  it('without a reason still says the model did not answer', () => {
    inCall({ playing: false, notices: [answerFailedNotice('  ')] });
    expect(screen.getByText('Your model did not answer; the report text is below.')).toBeTruthy();
  });
});

describe('SegmentView', () => {
  const card = { kind: 'card', title: 'Result', sentences: ['Result', 'Work finished.', 'Tests pass.'] };

  it('shows a card title once, as the heading, lit while it is spoken', () => {
    const { rerender } = render(<SegmentView segments={[card]} position={{ segment: 0, sentence: 0 }} />);
    expect(screen.getAllByText('Result')).toHaveLength(1);
    const heading = screen.getByRole('heading', { name: 'Result' });
    expect(within(heading).getByText('Result').getAttribute('aria-current')).toBe('true');

    rerender(<SegmentView segments={[card]} position={{ segment: 0, sentence: 2 }} />);
    expect(within(heading).getByText('Result').getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('Tests pass.').getAttribute('aria-current')).toBe('true');
  });
});
