// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InterfaceLanguageProvider } from '../i18n';
import { CallDetailPage } from './CallDetailPage';
import { IdlePage } from './IdlePage';
import { InCallScreen } from './InCallScreen';

afterEach(cleanup);

const REASON = 'No language model is set up on your computer, so it could not write a brief.';

function inCall(briefFailure?: { text: string }) {
  render(
    <InCallScreen
      callerName="Claude Code"
      elapsedMs={1000}
      segments={[{ kind: 'noBrief', sentences: ['There is no brief.', 'The report.'] }]}
      position={{ segment: 0, sentence: 0 }}
      playing
      answering={false}
      answerSentences={[]}
      conversation={[]}
      decisions={[]}
      notices={[]}
      reportText="The report."
      {...(briefFailure ? { briefFailure } : {})}
      onPause={vi.fn()}
      onResume={vi.fn()}
      onPreviousCard={vi.fn()}
      onNextCard={vi.fn()}
      onDecide={vi.fn()}
      onTyping={vi.fn()}
      onAsk={vi.fn()}
      onHangUp={vi.fn()}
    />,
  );
}

function idle(lastBriefFailure?: { text: string; onFix?: () => void }) {
  render(
    <IdlePage
      connection="connected"
      statusItems={[]}
      notices={[]}
      preparingCount={0}
      failed={[]}
      missed={[]}
      history={[
        {
          eventId: 'h1',
          title: 'Cache rewrite done.',
          agentLabel: 'Claude Code',
          callTime: '2026-01-01 10:00:00',
          statusLabel: 'Answered',
          briefFailed: true,
        },
      ]}
      {...(lastBriefFailure ? { lastBriefFailure } : {})}
      onRetry={vi.fn()}
      onIgnore={vi.fn()}
      onAnswerMissed={vi.fn()}
      onAcknowledgeAll={vi.fn()}
      onReplay={vi.fn()}
      onOpenCall={vi.fn()}
      onOpenSettings={vi.fn()}
    />,
  );
}

describe('a failed brief tells why', () => {
  it('on the call: the reason above the captions, and where to fix it after the call', () => {
    inCall({ text: REASON });
    expect(screen.getByRole('heading', { name: 'No brief for this call' })).toBeTruthy();
    expect(screen.getByText(REASON)).toBeTruthy();
    expect(screen.getByText(/open Settings › Language model after the call/)).toBeTruthy();
    // Opening settings mid-call would end it: the call only says where.
    expect(screen.queryByRole('button', { name: 'Open Language model settings' })).toBeNull();
  });

  it('says nothing of the kind when the call has its brief', () => {
    inCall();
    expect(screen.queryByText('No brief for this call')).toBeNull();
  });

  it('on the idle page: the last brief, why, and the button to the setting', () => {
    const onFix = vi.fn();
    idle({ text: REASON, onFix });
    expect(screen.getByRole('heading', { name: 'The last brief could not be written' })).toBeTruthy();
    expect(screen.getByText(REASON)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open Language model settings' }));
    expect(onFix).toHaveBeenCalledOnce();
    // The history row says it rang without a brief.
    expect(screen.getByText('No brief')).toBeTruthy();
  });

  it('in history: the call’s page says why, with the way to the setting', () => {
    const onFix = vi.fn();
    render(
      <CallDetailPage
        title="Cache rewrite done."
        agentLabel="Claude Code"
        callTime="2026-01-01 10:00:00"
        statusLabel="Answered"
        segments={[{ kind: 'noBrief', sentences: ['There is no brief.', 'The report.'] }]}
        conversation={[]}
        decisions={[]}
        replies={[]}
        briefFailure={{ text: REASON, onFix }}
        onReplay={vi.fn()}
        onBack={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading', { name: 'The brief could not be written' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open Language model settings' }));
    expect(onFix).toHaveBeenCalledOnce();
  });

  it('speaks Chinese when the interface does, an unknown reason kept as the computer gave it', () => {
    render(
      <InterfaceLanguageProvider language="zh">
        <IdlePage
          connection="connected"
          statusItems={[]}
          notices={[]}
          preparingCount={0}
          failed={[]}
          missed={[]}
          history={[]}
          lastBriefFailure={{
            text: 'Your computer said: “{reason}”',
            values: { reason: 'disk full' },
            onFix: vi.fn(),
          }}
          onRetry={vi.fn()}
          onIgnore={vi.fn()}
          onAnswerMissed={vi.fn()}
          onAcknowledgeAll={vi.fn()}
          onReplay={vi.fn()}
          onOpenCall={vi.fn()}
          onOpenSettings={vi.fn()}
        />
      </InterfaceLanguageProvider>,
    );
    expect(screen.getByRole('heading', { name: '上一份简报没能写成' })).toBeTruthy();
    expect(screen.getByText('你的电脑说：“disk full”')).toBeTruthy();
    expect(screen.getByRole('button', { name: '打开语言模型设置' })).toBeTruthy();
  });
});
