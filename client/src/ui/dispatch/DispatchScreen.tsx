import { type ClipboardEvent, type DragEvent, useEffect, useRef, useState } from 'react';
import { useText } from '../../i18n';
import { BackHeader } from '../BackHeader';
import { CallButton } from './CallButton';
import { CallingView } from './CallingView';
import { callReason } from './callReason';
import { DispatchTargetRows } from './DispatchTargetRows';
import { dragHasFiles, filesOf, splitImages } from './fileIntake';
import { ImageTray } from './ImageTray';
import { IssuePicker } from './IssuePicker';
import { ModeSwitch } from './ModeSwitch';
import { NeedField } from './NeedField';
import type {
  DispatchAgentOption,
  DispatchCall,
  DispatchImageItem,
  DispatchIssueOption,
  DispatchMode,
  DispatchProjectOption,
  DispatchStatusOption,
  DispatchWorkspaceOption,
} from './types';
import '../theme.css';
import '../settings.css';
import '../idle.css';
import './dispatch.css';

export type Props = {
  /** The watched workspaces; the workspace row appears only when there are several. */
  workspaces: DispatchWorkspaceOption[];
  workspaceId: string | null;
  projects: DispatchProjectOption[];
  projectId: string | null;
  agents: DispatchAgentOption[];
  agentId: string | null;
  mode: DispatchMode;
  /** Existing issues of the project for the last onSearch (mode `existing`). */
  issues: DispatchIssueOption[];
  selectedIssue: DispatchIssueOption | null;
  issuesLoading?: boolean;
  issuesError?: string | null;
  /** The board's statuses, in order, for the filter chips. */
  statuses: DispatchStatusOption[];
  images: DispatchImageItem[];
  /** The spec's four reasons (computer offline, no daemon, no tracker, agent offline); null when none. */
  blockedReason: string | null;
  /** Non-null once called: the screen shows the calling view. */
  call: DispatchCall | null;
  /** The words, when the parent keeps them (e.g. across My dispatches); otherwise the screen does. */
  text?: string;
  onTextChange?: (text: string) => void;
  onPickWorkspace: (id: string) => void;
  onPickProject: (id: string) => void;
  onPickAgent: (id: string) => void;
  onModeChange: (mode: DispatchMode) => void;
  /** On showing the issue list and on every change of words, status filter or project. */
  onSearch: (query: string, statuses: string[]) => void;
  onPickIssue: (issue: DispatchIssueOption) => void;
  onAddImages: (files: File[]) => void;
  onRemoveImage: (id: string) => void;
  onRetryImage: (id: string) => void;
  onSubmit: (dispatch: { text: string }) => void;
  /** Cancel the call while calling. */
  onCancel: () => void;
  onOpenMyDispatches: () => void;
  /** Leave the screen (Back, and Done after a call). */
  onBack: () => void;
  /** After a call: back to the form for another (the parent clears `call` and, when created, the images). */
  onNewCall: () => void;
  /** The waiting tone's switch in the calling view. */
  waitingTone?: { silent: boolean; onToggle: () => void };
};

/** Call an agent: choose where, say what (words, images or both), and press the green button. */
export function DispatchScreen(props: Props) {
  const t = useText();
  const [ownText, setOwnText] = useState('');
  const text = props.text ?? ownText;
  const setText = (value: string) => {
    setOwnText(value);
    props.onTextChange?.(value);
  };
  const [refused, setRefused] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);

  const agent = props.agents.find((item) => item.id === props.agentId);
  const reason = callReason(
    {
      blockedReason: props.blockedReason,
      mode: props.mode,
      projectId: props.projectId,
      agent,
      selectedIssue: props.selectedIssue,
      text,
      images: props.images,
    },
    t,
  );
  const call = () => {
    if (reason === null) props.onSubmit({ text: text.trim() });
  };

  const intake = (files: File[]) => {
    const { images, refused: others } = splitImages(files);
    setRefused(others);
    if (images.length > 0) props.onAddImages(images);
  };
  const onPaste = (event: ClipboardEvent<HTMLElement> | globalThis.ClipboardEvent) => {
    const files = filesOf(event.clipboardData);
    // Only a paste of files is taken over; pasted text goes into the box as usual.
    if (files.length === 0) return;
    event.preventDefault();
    intake(files);
  };
  const pasteOutside = useRef(onPaste);
  pasteOutside.current = onPaste;
  const main = useRef<HTMLElement>(null);
  const showingForm = props.call === null;
  // A paste with nothing focused lands on the body, outside the screen: it counts too.
  useEffect(() => {
    if (!showingForm) return;
    const listener = (event: globalThis.ClipboardEvent) => {
      if (!(event.target instanceof Node && main.current?.contains(event.target)))
        pasteOutside.current(event);
    };
    document.addEventListener('paste', listener);
    return () => document.removeEventListener('paste', listener);
  }, [showingForm]);
  const onDragEnter = (event: DragEvent<HTMLElement>) => {
    if (!dragHasFiles(event.dataTransfer)) return;
    event.preventDefault();
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (!dragHasFiles(event.dataTransfer)) return;
    // Without this the browser would open the dropped file instead of attaching it.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    // Enter and leave fire for every child crossed; the zone is left when the count is back to 0.
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    intake(filesOf(event.dataTransfer));
  };

  if (props.call) {
    const calleeName =
      props.call.agentName ??
      (props.mode === 'existing'
        ? (props.selectedIssue?.identifier ?? t('Issue'))
        : (agent?.name ?? t('Agent')));
    return (
      <CallingView
        call={props.call}
        calleeName={calleeName}
        onCancel={props.onCancel}
        onOpenMyDispatches={props.onOpenMyDispatches}
        onDone={props.onBack}
        {...(props.waitingTone ? { waitingTone: props.waitingTone } : {})}
        onNewCall={() => {
          // A created call is finished with; after a failure the words stay for another try.
          if (props.call?.state === 'created') setText('');
          setRefused([]);
          props.onNewCall();
        }}
      />
    );
  }

  return (
    <main
      ref={main}
      className={`rb-dispatch${dragging ? ' rb-dispatch--dragging' : ''}`}
      onPaste={onPaste}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <BackHeader
        title={t('Call an agent')}
        onBack={props.onBack}
        end={
          <button
            type="button"
            className="rb-btn rb-btn--ghost rb-btn--small"
            onClick={props.onOpenMyDispatches}
          >
            {t('My dispatches')}
          </button>
        }
      />
      <DispatchTargetRows
        workspaces={props.workspaces}
        workspaceId={props.workspaceId}
        projects={props.projects}
        projectId={props.projectId}
        agents={props.agents}
        agentId={props.agentId}
        showAgent={props.mode === 'new'}
        onPickWorkspace={props.onPickWorkspace}
        onPickProject={props.onPickProject}
        onPickAgent={props.onPickAgent}
      />
      <ModeSwitch mode={props.mode} onModeChange={props.onModeChange} />
      {props.mode === 'existing' && (
        <IssuePicker
          key={props.projectId ?? ''}
          issues={props.issues}
          selectedIssue={props.selectedIssue}
          statuses={props.statuses}
          loading={props.issuesLoading}
          error={props.issuesError}
          onSearch={props.onSearch}
          onPickIssue={props.onPickIssue}
        />
      )}
      <section className="rb-card rb-dispatch-need">
        <NeedField value={text} onChange={setText} onSubmitShortcut={call} />
        <ImageTray
          images={props.images}
          refused={refused}
          onPickFiles={intake}
          onRemoveImage={props.onRemoveImage}
          onRetryImage={props.onRetryImage}
        />
      </section>
      <CallButton reason={reason} onCall={call} />
      {dragging && (
        <div className="rb-drop-overlay" aria-hidden="true">
          <p className="rb-drop-text">{t('Drop images to attach them')}</p>
        </div>
      )}
    </main>
  );
}
