// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InterfaceLanguageProvider, translate } from '../i18n';
import { type Props as DispatchProps, DispatchScreen } from './dispatch/DispatchScreen';
import { IdlePage, type Props as IdleProps } from './IdlePage';
import { type Props as InCallProps, InCallScreen } from './InCallScreen';
import { IncomingCallScreen } from './IncomingCallScreen';
import { ReplyPanel } from './ReplyPanel';
import { DEFAULT_SETTINGS_GROUPS, SettingsList } from './SettingsList';
import { WelcomePage } from './WelcomePage';

afterEach(cleanup);

const idle: IdleProps = {
  connection: 'connected',
  statusItems: [{ tone: 'ok', text: 'Connected: calls ring here' }],
  notices: [],
  preparingCount: 2,
  failed: [],
  missed: [{ eventId: 'm1', title: 'Add tests', agentLabel: 'Codex', callTime: '2025-05-01 10:00:00' }],
  history: [],
  onRetry: vi.fn(),
  onIgnore: vi.fn(),
  onAnswerMissed: vi.fn(),
  onAcknowledgeAll: vi.fn(),
  onReplay: vi.fn(),
  onOpenCall: vi.fn(),
  onOpenSettings: vi.fn(),
  onDispatch: vi.fn(),
};

const inCall: InCallProps = {
  callerName: 'Codex',
  elapsedMs: 65_000,
  segments: [
    { kind: 'paragraph', sentences: ['First sentence.'] },
    { kind: 'card', sentences: ['All green.'] },
  ],
  position: { segment: 0, sentence: 0 },
  playing: true,
  answering: false,
  answerSentences: [],
  conversation: [],
  decisions: [{ question: 'Merge it?', answer: null }],
  notices: [],
  reportText: 'The report.',
  onPause: vi.fn(),
  onResume: vi.fn(),
  onPreviousCard: vi.fn(),
  onNextCard: vi.fn(),
  onDecide: vi.fn(),
  onTyping: vi.fn(),
  onAsk: vi.fn(),
  onHangUp: vi.fn(),
};

const dispatch: DispatchProps = {
  workspaces: [],
  workspaceId: null,
  projects: [],
  projectId: null,
  agents: [],
  agentId: null,
  mode: 'new',
  issues: [],
  selectedIssue: null,
  statuses: [],
  issuesLoading: false,
  issuesError: null,
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
};

/** Every page of this test, one at a time, so each is checked in both languages. */
const PAGES: Record<string, () => ReactElement> = {
  settings: () => <SettingsList groups={DEFAULT_SETTINGS_GROUPS} onOpen={vi.fn()} onBack={vi.fn()} />,
  idle: () => <IdlePage {...idle} />,
  incoming: () => (
    <IncomingCallScreen
      callerName="Claude Code"
      subtitle="ringback"
      preview="The relay now serves the app."
      onAnswer={vi.fn()}
      onDecline={vi.fn()}
      queueCount={1}
    />
  ),
  inCall: () => <InCallScreen {...inCall} />,
  reply: () => (
    <ReplyPanel
      defaultText="Go ahead."
      onSend={vi.fn()}
      onSkip={vi.fn()}
      delivery={{ state: 'idle' }}
      onDone={vi.fn()}
      callerName="Codex"
    />
  ),
  dispatch: () => <DispatchScreen {...dispatch} />,
  welcome: () => (
    <WelcomePage onPairLink={vi.fn()} onPairCode={vi.fn()} busy={false} defaultServer="https://relay.test" />
  ),
};

function renderIn(language: 'zh' | 'en' | null, page: () => ReactElement): string {
  const { container, unmount } = render(
    language ? <InterfaceLanguageProvider language={language}>{page()}</InterfaceLanguageProvider> : page(),
  );
  // useId differs between renders; the words and structure are what is compared.
  const html = container.innerHTML.replace(/_r_[0-9a-z]+_|«[^»]*»|:r[0-9a-z]+:/g, 'ID');
  unmount();
  return html;
}

describe('the interface language', () => {
  it('translates by the English words, fills in values, and keeps English and unknown words as they are', () => {
    expect(translate('zh', 'Hang up')).toBe('挂断');
    expect(translate('en', 'Hang up')).toBe('Hang up');
    expect(translate('zh', 'Nothing like this')).toBe('Nothing like this');
    expect(translate('en', '{count} more calls waiting', { count: 3 })).toBe('3 more calls waiting');
    expect(translate('zh', '{count} more calls waiting', { count: 3 })).toBe('还有 3 个来电在等待');
  });

  it('speaks Chinese on the everyday pages when it is zh', () => {
    render(<InterfaceLanguageProvider language="zh">{PAGES.settings?.()}</InterfaceLanguageProvider>);
    expect(screen.getByRole('heading', { level: 1, name: '设置' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '通用',
      '连接',
      '个人',
      '集成',
      '来电',
    ]);
    expect(screen.getByRole('button', { name: '简报语言' })).toBeTruthy();
    cleanup();

    render(<InterfaceLanguageProvider language="zh">{PAGES.idle?.()}</InterfaceLanguageProvider>);
    expect(screen.getByRole('button', { name: /设置/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: '呼叫智能体' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /未接来电/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: '接听 Add tests' })).toBeTruthy();
    expect(screen.getByText('正在准备 2 个来电…')).toBeTruthy();
    cleanup();

    render(<InterfaceLanguageProvider language="zh">{PAGES.incoming?.()}</InterfaceLanguageProvider>);
    expect(screen.getByRole('button', { name: '接听' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '拒接' })).toBeTruthy();
    expect(screen.getByText('还有 1 个来电在等待')).toBeTruthy();
    // The caller and the brief's words are not interface text.
    expect(screen.getByRole('heading', { name: 'Claude Code' })).toBeTruthy();
    expect(screen.getByText('The relay now serves the app.')).toBeTruthy();
    cleanup();

    render(<InterfaceLanguageProvider language="zh">{PAGES.inCall?.()}</InterfaceLanguageProvider>);
    expect(screen.getByRole('button', { name: '挂断' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '暂停' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '是' })).toBeTruthy();
    expect(screen.getAllByText('First sentence.').length).toBeGreaterThan(0);
    expect(screen.getByText('摘要 · 第 1 / 2 张')).toBeTruthy();
    cleanup();

    render(<InterfaceLanguageProvider language="zh">{PAGES.reply?.()}</InterfaceLanguageProvider>);
    expect(screen.getByRole('heading', { name: '回复 Codex' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '发送回复' })).toBeTruthy();
    cleanup();

    render(<InterfaceLanguageProvider language="zh">{PAGES.dispatch?.()}</InterfaceLanguageProvider>);
    expect(screen.getByRole('heading', { level: 1, name: '呼叫智能体' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '呼叫智能体' })).toBeTruthy();
    expect(screen.getByText('请选择项目。')).toBeTruthy();
    cleanup();

    render(<InterfaceLanguageProvider language="zh">{PAGES.welcome?.()}</InterfaceLanguageProvider>);
    // The product name stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Ringback' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '粘贴配对链接' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '用配对码加入' })).toBeTruthy();
  });

  it('leaves every page exactly as it was in English, with or without the provider', () => {
    for (const [name, page] of Object.entries(PAGES)) {
      const plain = renderIn(null, page);
      expect(renderIn('en', page), name).toBe(plain);
      expect(renderIn('zh', page), name).not.toBe(plain);
    }
    render(<InterfaceLanguageProvider language="en">{PAGES.inCall?.()}</InterfaceLanguageProvider>);
    expect(screen.getByRole('button', { name: 'Hang up' })).toBeTruthy();
    expect(screen.getByText('Summary · 1 of 2')).toBeTruthy();
  });
});
