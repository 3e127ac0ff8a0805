import { useState } from 'react';
import { useText } from '../../i18n';
import { toneFileProblem } from '../../ringtone/customToneStore';
import { otherSlots, SILENT, SLOT_DEFAULTS, SLOT_IDS, type SlotId } from '../../ringtone/ringtoneSlots';
import { BackHeader } from '../BackHeader';
import { ConfirmDialog } from '../ConfirmDialog';
import { errorText } from '../useAsyncStatus';
import { AddTonesButton } from './AddTonesButton';
import { CurrentToneCard } from './CurrentToneCard';
import { IN_USE_BY, SLOT_FALLBACK_TEXT, SLOT_TITLES } from './slotLabels';
import { ToneEditList } from './ToneEditList';
import { ToneRadioList } from './ToneRadioList';
import { toneListView } from './toneListView';
import type { AddTonesOutcome, CustomToneOption, RefusedToneFile, ToneOption } from './types';
import '../theme.css';
import '../settings.css';
import './ringtones.css';

export type Props = {
  slot: SlotId;
  builtIn: readonly ToneOption[];
  /** Any order; shown newest first. */
  custom: readonly CustomToneOption[];
  /** What each slot plays now (a tone id, or `silent` for the waiting slot). */
  selection: Readonly<Record<SlotId, string>>;
  /** Plays a tone once; a rejection's message is shown. */
  onPreview: (id: string) => Promise<void> | void;
  /** Saves the slot's tone at once. */
  onSelect: (id: string) => void;
  /** Files already checked for size and type; the screen selects the first one added for this slot. */
  onAdd: (files: File[]) => Promise<AddTonesOutcome>;
  onRename: (id: string, name: string) => Promise<void> | void;
  /** Deletes; the screen returns every slot that used one of them to its default. */
  onDelete: (ids: string[]) => Promise<void> | void;
  onBack: () => void;
};

/**
 * One slot's tones: the current one pinned with Preview, the list as radio options (a tap previews once
 * and selects), a search above 8 tones, your newest 5 until Show all, Add, and an Edit mode to rename
 * and delete (confirming when a tone is in use).
 */
export function RingtoneSlotPage(props: Props) {
  const t = useText();
  const { slot, builtIn, custom, selection, onPreview, onSelect, onBack } = props;
  const others = otherSlots(slot);
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [editMode, setEditing] = useState(false);
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);
  const [refused, setRefused] = useState<readonly RefusedToneFile[]>([]);
  const [error, setError] = useState<string | null>(null);

  // Edit mode ends by itself when the last custom tone is gone.
  const editing = editMode && custom.length > 0;
  const nameOf = (id: string) =>
    id === SILENT
      ? t('Silent')
      : ([...builtIn, ...custom].find((tone) => tone.id === id)?.name ?? t('Unknown tone'));
  const view = toneListView({
    builtIn,
    custom,
    offersSilent: slot === 'waiting',
    query,
    showAll: showAll || editing,
  });

  const preview = (id: string) => {
    setError(null);
    const failed = (caught: unknown) => setError(`${nameOf(id)}: ${errorText(caught)}`);
    try {
      void onPreview(id)?.catch(failed);
    } catch (caught) {
      failed(caught);
    }
  };
  const choose = (id: string) => {
    preview(id);
    onSelect(id);
  };

  async function add(files: File[]) {
    const tooBig: RefusedToneFile[] = [];
    const accepted = files.filter((file) => {
      const problem = toneFileProblem(file);
      if (problem)
        tooBig.push({
          name: file.name,
          reason: t('“{name}” is {problem}', { name: file.name, problem: t(problem) }),
        });
      return !problem;
    });
    setRefused(tooBig);
    setError(null);
    if (accepted.length === 0) return;
    setAdding(true);
    try {
      const outcome = await props.onAdd(accepted);
      setRefused([...tooBig, ...outcome.refused]);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setAdding(false);
    }
  }

  const usedBy = (id: string): SlotId[] => SLOT_IDS.filter((s) => selection[s] === id);
  const inUseMarked = [...marked].flatMap((id) => usedBy(id).map((s) => ({ id, slot: s })));
  async function remove() {
    setError(null);
    try {
      await props.onDelete([...marked]);
      setMarked(new Set());
    } catch (caught) {
      setError(errorText(caught));
    }
  }
  const toggle = (id: string) =>
    setMarked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <main className="rb-page rb-ringtones">
      <BackHeader
        title={t(SLOT_TITLES[slot])}
        onBack={onBack}
        end={
          custom.length > 0 && (
            <button
              type="button"
              className="rb-btn rb-btn--ghost"
              aria-pressed={editing}
              onClick={() => {
                setEditing(!editing);
                setMarked(new Set());
                // What the last add or change said belongs to that moment, not to the new mode.
                setRefused([]);
                setError(null);
              }}
            >
              {editing ? t('Done') : t('Edit')}
            </button>
          )
        }
      />
      <CurrentToneCard
        name={nameOf(selection[slot])}
        silent={selection[slot] === SILENT}
        onPreview={() => preview(selection[slot])}
      />

      {error && (
        <p role="alert" className="rb-notice rb-notice--error">
          {error}
        </p>
      )}
      {refused.length > 0 && (
        <div role="alert" className="rb-notice rb-notice--error">
          {refused.map((file) => (
            <p key={file.reason} className="rb-tone-refused">
              {file.reason}
            </p>
          ))}
        </div>
      )}

      {view.searchable && (
        <input
          type="search"
          className="rb-input rb-tone-search"
          aria-label={t('Search tones')}
          placeholder={t('Search tones')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      )}

      {editing ? (
        <>
          <ToneEditList tones={view.custom} marked={marked} onToggle={toggle} onRename={props.onRename} />
          <div className="rb-form-actions">
            <button
              type="button"
              className="rb-btn rb-btn--danger"
              disabled={marked.size === 0}
              onClick={() => (inUseMarked.length > 0 ? setConfirming(true) : void remove())}
            >
              {marked.size > 0
                ? t('Delete selected ({count})', { count: marked.size })
                : t('Delete selected')}
            </button>
          </div>
        </>
      ) : (
        <ToneRadioList
          view={view}
          selectedId={selection[slot]}
          inUse={others.map((other) => ({ id: selection[other], label: t(IN_USE_BY[other]) }))}
          silentId={SILENT}
          onChoose={choose}
          onShowAll={() => setShowAll(true)}
        />
      )}

      <div className="rb-form-actions">
        <AddTonesButton busy={adding} onFiles={(files) => void add(files)} />
        <span className="rb-hint" aria-live="polite">
          {adding ? t('Adding…') : t('Audio files, up to 10 MB each.')}
        </span>
      </div>

      <ConfirmDialog
        open={confirming}
        title={marked.size > 1 ? t('Delete tones in use?') : t('Delete a tone in use?')}
        description={inUseMarked
          .map(
            ({ id, slot: user }) =>
              `${t('{name} is the {slot}.', { name: nameOf(id), slot: t(SLOT_TITLES[user]).toLowerCase() })} ${t(SLOT_FALLBACK_TEXT[user], { name: nameOf(SLOT_DEFAULTS[user]) })}`,
          )
          .join(' ')}
        confirmLabel={t('Delete')}
        onConfirm={() => void remove()}
        onOpenChange={setConfirming}
      />
    </main>
  );
}
