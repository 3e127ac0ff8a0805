import { useState } from 'react';
import { type Translate, useText } from '../../i18n';
import { BackHeader } from '../BackHeader';
import { ConfirmDialog } from '../ConfirmDialog';
import { StatusLine } from '../StatusLine';
import { useAsyncStatus } from '../useAsyncStatus';
import { TokenForm } from './TokenForm';
import type { Workspace, WorkspaceStatus } from './types';
import { WatchedWorkspaces } from './WatchedWorkspaces';
import { WorkspaceChecklist } from './WorkspaceChecklist';
import '../theme.css';
import '../settings.css';
import './tracker.css';

export type TrackerSaveRequest = { token?: string; workspaceIds: string[] };

export type Props = {
  /** `****…9f3c`-style hint of the saved token; null when none is saved (first install). */
  tokenHint: string | null;
  watched: Workspace[];
  statuses: WorkspaceStatus[];
  /** The workspaces a new token reaches; rejects with Error(message in words). */
  onVerify: (token: string) => Promise<Workspace[]>;
  /** The workspaces the saved token reaches, so they can be changed without entering it again. */
  onLoadWorkspaces: () => Promise<Workspace[]>;
  /**
   * Without `token` the saved one is kept. Resolve once the page's props show the new settings
   * (the daemon validates with the tracker before saving).
   */
  onSave: (request: TrackerSaveRequest) => Promise<void>;
  onDisconnect: () => Promise<void>;
  onBack: () => void;
};

type View =
  | { kind: 'overview' }
  | { kind: 'token' }
  /** `token` is set after a verify; absent when changing workspaces with the saved token. */
  | { kind: 'choose'; token?: string; workspaces: Workspace[] };

const OFF_NOTE = 'When your computer is off, tracker tasks do not ring.';

const savedText = (count: number, t: Translate) =>
  t(
    count === 1
      ? 'Saved. Your computer watches {count} workspace.'
      : 'Saved. Your computer watches {count} workspaces.',
    { count },
  );

/** Tracker settings: token → verify → choose workspaces → save; later only the token's hint shows. */
export function TrackerSettingsPage(props: Props) {
  const t = useText();
  const { tokenHint, watched, statuses, onVerify, onLoadWorkspaces, onSave, onDisconnect, onBack } = props;
  const [view, setView] = useState<View>(tokenHint ? { kind: 'overview' } : { kind: 'token' });
  const [confirming, setConfirming] = useState(false);
  const save = useAsyncStatus();
  const load = useAsyncStatus();
  const disconnect = useAsyncStatus();
  // With no token saved there is no overview to show, whatever the last view was.
  const current: View = view.kind === 'overview' && !tokenHint ? { kind: 'token' } : view;

  async function saveWorkspaces(token: string | undefined, workspaceIds: string[]) {
    const request: TrackerSaveRequest = token ? { token, workspaceIds } : { workspaceIds };
    const done = await save.run(
      async () => {
        await onSave(request);
        return true;
      },
      savedText(workspaceIds.length, t),
    );
    if (done) setView({ kind: 'overview' });
  }

  async function changeWorkspaces() {
    save.reset();
    const workspaces = await load.run(onLoadWorkspaces);
    if (!workspaces) return;
    load.reset();
    setView({ kind: 'choose', workspaces });
  }

  async function runDisconnect() {
    save.reset();
    const done = await disconnect.run(async () => {
      await onDisconnect();
      return true;
    }, t('Disconnected. The token was deleted from your computer.'));
    if (done) setView({ kind: 'token' });
  }

  return (
    <main className="rb-page">
      <BackHeader title={t('Multica tracker')} onBack={onBack} />
      {current.kind === 'token' && (
        <>
          <TokenForm
            replacing={tokenHint !== null}
            onVerify={onVerify}
            onVerified={(token, workspaces) => {
              save.reset();
              setView({ kind: 'choose', token, workspaces });
            }}
            onCancel={() => setView({ kind: 'overview' })}
          />
          {disconnect.status.state === 'ok' && <StatusLine status={disconnect.status} />}
        </>
      )}
      {current.kind === 'choose' &&
        (current.workspaces.length === 0 ? (
          <section className="rb-card">
            <p className="rb-error" role="alert">
              {t(
                'This token reaches no workspaces. Join a workspace in Multica first, or replace the token.',
              )}
            </p>
            <div className="rb-form-actions">
              <button type="button" className="rb-btn" onClick={() => setView({ kind: 'overview' })}>
                {t('Cancel')}
              </button>
            </div>
          </section>
        ) : (
          <WorkspaceChecklist
            workspaces={current.workspaces}
            initialSelected={watched.map((w) => w.id)}
            status={save.status}
            onSave={(ids) => void saveWorkspaces(current.token, ids)}
            onCancel={() => {
              save.reset();
              setView(tokenHint ? { kind: 'overview' } : { kind: 'token' });
            }}
          />
        ))}
      {current.kind === 'overview' && (
        <section className="rb-card" aria-labelledby="rb-tracker-watched">
          <p className="rb-tracker-token">
            {t('Token')} <code className="rb-tracker-hint">{tokenHint}</code>
          </p>
          <h2 id="rb-tracker-watched" className="rb-section-title">
            {t('Watched workspaces')}
          </h2>
          <WatchedWorkspaces watched={watched} statuses={statuses} />
          <div className="rb-form-actions">
            <button
              type="button"
              className="rb-btn rb-btn--primary"
              onClick={changeWorkspaces}
              disabled={load.status.state === 'pending'}
            >
              {t('Change workspaces')}
            </button>
            <button
              type="button"
              className="rb-btn"
              onClick={() => {
                save.reset();
                setView({ kind: 'token' });
              }}
            >
              {t('Replace token')}
            </button>
            <button
              type="button"
              className="rb-btn rb-danger-text"
              onClick={() => setConfirming(true)}
              disabled={disconnect.status.state === 'pending'}
            >
              {t('Disconnect')}
            </button>
          </div>
          <StatusLine status={load.status} pendingText={t('Loading workspaces…')} />
          {save.status.state === 'ok' && <StatusLine status={save.status} />}
          {disconnect.status.state !== 'ok' && (
            <StatusLine status={disconnect.status} pendingText={t('Disconnecting…')} />
          )}
        </section>
      )}
      <p className="rb-hint rb-tracker-note">{t(OFF_NOTE)}</p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('Disconnect Multica?')}
        description={t(
          'The token is deleted from your computer and tracker tasks stop ringing. You can connect again with a token later.',
        )}
        confirmLabel={t('Disconnect')}
        onConfirm={() => void runDisconnect()}
      />
    </main>
  );
}
