// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CallHistoryList } from './CallHistoryList';

afterEach(cleanup);

describe('a history row of a call declined without its words', () => {
  it('shows what is known (line, time, Declined) and offers nothing it cannot do: no details, no replay', () => {
    render(
      <CallHistoryList
        history={[
          {
            eventId: 'evt-1',
            title: 'Claude Code · billing-api',
            agentLabel: '',
            callTime: '2026-03-01 09:00:05',
            statusLabel: 'Declined',
            withoutWords: true,
          },
        ]}
        onReplay={() => {}}
        onOpen={() => {}}
      />,
    );
    expect(screen.getByText('Claude Code · billing-api')).toBeTruthy();
    expect(screen.getByText('Declined')).toBeTruthy();
    expect(screen.getByText('2026-03-01 09:00:05')).toBeTruthy();
    expect(screen.getByText('Declined from its notification before this device had its words')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
