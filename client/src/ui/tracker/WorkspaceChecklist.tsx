import { type FormEvent, useId, useState } from 'react';
import { useText } from '../../i18n';
import { StatusLine } from '../StatusLine';
import type { AsyncStatus } from '../useAsyncStatus';
import type { Workspace } from './types';
import '../theme.css';
import '../settings.css';
import './tracker.css';

export type Props = {
  /** The workspaces the token reaches. */
  workspaces: Workspace[];
  /** Ticked at the start (the ones already watched). */
  initialSelected: readonly string[];
  /** The page's save outcome, kept there so "Saved" survives leaving this form. */
  status: AsyncStatus;
  onSave: (workspaceIds: string[]) => void;
  /** Back to the token (first setup) or to the overview. */
  onCancel: () => void;
};

/** Several workspaces may be watched; Save waits for at least one. */
export function WorkspaceChecklist({ workspaces, initialSelected, status, onSave, onCancel }: Props) {
  const t = useText();
  const id = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () => new Set(initialSelected.filter((wsId) => workspaces.some((w) => w.id === wsId))),
  );
  // Keep the tracker's order so the list reads the same as in Multica.
  const chosen = workspaces.filter((w) => selected.has(w.id)).map((w) => w.id);

  function toggle(wsId: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(wsId);
    else next.delete(wsId);
    setSelected(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length > 0) onSave(chosen);
  }

  return (
    <form className="rb-card" onSubmit={submit} noValidate>
      <fieldset className="rb-ws-fieldset" aria-describedby={`${id}-hint`}>
        <legend className="rb-section-title">{t('Workspaces to watch')}</legend>
        <p id={`${id}-hint`} className="rb-hint rb-gap-bottom">
          {t('When an agent finishes a task in a watched workspace, your phone rings. Choose one or more.')}
        </p>
        <ul className="rb-list rb-ws-list">
          {workspaces.map((workspace) => (
            <li key={workspace.id}>
              <label className="rb-ws-check">
                <input
                  type="checkbox"
                  checked={selected.has(workspace.id)}
                  onChange={(e) => toggle(workspace.id, e.target.checked)}
                />
                <span className="rb-ws-name">{workspace.name}</span>
                {workspace.issuePrefix && (
                  <span className="rb-ws-prefix">
                    <span className="rb-visually-hidden">{t(', issues ')}</span>
                    {workspace.issuePrefix}
                  </span>
                )}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="rb-form-actions">
        <button
          type="submit"
          className="rb-btn rb-btn--primary"
          disabled={chosen.length === 0 || status.state === 'pending'}
        >
          {t('Save')}
        </button>
        <button type="button" className="rb-btn" onClick={onCancel}>
          {t('Cancel')}
        </button>
        <span className="rb-hint" aria-live="polite">
          {chosen.length === 0
            ? t('Choose at least one workspace.')
            : t(chosen.length === 1 ? '{count} workspace chosen' : '{count} workspaces chosen', {
                count: chosen.length,
              })}
        </span>
      </div>
      <StatusLine status={status} pendingText={t('Checking with Multica and saving…')} />
    </form>
  );
}
