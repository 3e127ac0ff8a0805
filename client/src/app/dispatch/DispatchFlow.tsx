import { type DispatchStatus, dispatchCallMachine, type UploadedImage } from '@ringback/machines';
import type {
  DispatchIssuesReply,
  DispatchRecord,
  DispatchReply,
  DispatchStatusesReply,
  TrackerUploadReply,
} from '@ringback/protocol';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import { SILENT, setWaitingSilent } from '../../ringtone';
import { loadDispatchLast, saveDispatchLast } from '../../storage';
import {
  type DispatchIssueOption,
  type DispatchMode,
  DispatchScreen,
  type DispatchStatusOption,
} from '../../ui';
import { ringtones, store, waitingTone } from '../services';
import { useComputer } from '../settings/use-computer';
import { dispatchCallView, imageItems } from './dispatch-call-view';
import { defaultTargets, defaultWorkspaceId } from './dispatch-defaults';
import { useDispatchImages } from './use-dispatch-images';
import { useDispatchOptions } from './use-dispatch-options';

/** The computer's Dispatch record as the call machine follows it. */
const statusOf = (record: DispatchRecord): DispatchStatus => ({
  id: record.id,
  state: record.state,
  ...(record.identifier ? { identifier: record.identifier } : {}),
  ...(record.title ? { title: record.title } : {}),
  ...(record.failureReason ? { failureReason: record.failureReason } : {}),
});

/**
 * The dispatch screen with its effects: options re-read every 10 s, images prepared on the
 * device, the call machine uploading them one by one then dispatching through the computer
 * (sealed, via the relay), the waiting tone while calling, and this device's last choice kept.
 */
export function DispatchFlow({ onBack, onOpenMyDispatches }: { onBack(): void; onOpenMyDispatches(): void }) {
  const computer = useComputer();
  const selection = useSyncExternalStore(ringtones.selection.subscribe, ringtones.selection.get);
  const silent = selection.waiting === SILENT;
  const latest = useRef(computer);
  latest.current = computer;
  const [last] = useState(() => loadDispatchLast(store));
  const [workspaceId, setWorkspaceId] = useState<string | null>(last.workspaceId ?? null);
  const [chosen, setChosen] = useState<{ projectId: string | null; agentId: string | null }>({
    projectId: null,
    agentId: null,
  });
  const [mode, setMode] = useState<DispatchMode>('new');
  const [issues, setIssues] = useState<{
    list: DispatchIssueOption[];
    loading: boolean;
    error: string | null;
  }>({
    list: [],
    loading: false,
    error: null,
  });
  const [selectedIssue, setSelectedIssue] = useState<DispatchIssueOption | null>(null);
  const [statuses, setStatuses] = useState<DispatchStatusOption[]>([]);
  const images = useDispatchImages();
  // An image already uploaded to a workspace is never sent again (a retry after a failure sends the rest).
  const uploads = useRef(new Map<string, UploadedImage>());

  const view = useDispatchOptions(computer, workspaceId);
  const shownWorkspaceId = view.options?.workspaceId ?? defaultWorkspaceId(view.workspaces, last);
  const targets = defaultTargets(
    { projects: view.options?.projects ?? [], agents: view.options?.agents ?? [] },
    chosen,
    last,
  );

  const actor = useActorRef(
    dispatchCallMachine.provide({
      actors: {
        uploadImage: fromPromise(async ({ input }) => {
          const key = `${input.workspaceId}\n${input.image.id}`;
          const known = uploads.current.get(key);
          if (known) return known;
          const { image } = input;
          const reply = await latest.current<TrackerUploadReply>('POST', '/tracker/uploads', {
            name: image.name,
            type: image.type,
            data: image.data,
            workspaceId: input.workspaceId,
          });
          uploads.current.set(key, reply.attachment);
          return reply.attachment;
        }),
        createDispatch: fromPromise(async ({ input }) => {
          const { target } = input;
          const where =
            target.kind === 'issue'
              ? { projectId: target.projectId, agentId: target.agentId }
              : { issueId: target.issueId };
          const reply = await latest.current<DispatchReply>('POST', '/tracker/dispatches', {
            ...where,
            prompt: input.text,
            attachments: input.attachments,
            workspaceId: target.workspaceId,
          });
          return statusOf(reply.dispatch);
        }),
        lookupDispatch: fromPromise(async ({ input }) =>
          statusOf(
            (await latest.current<DispatchReply>('POST', '/tracker/dispatches/lookup', input)).dispatch,
          ),
        ),
        cancelDispatch: fromPromise(async ({ input }) =>
          statusOf(
            (await latest.current<DispatchReply>('POST', '/tracker/dispatches/cancel', input)).dispatch,
          ),
        ),
      },
    }),
  );
  const snapshot = useSelector(actor, (current) => current);
  const { call, sending } = dispatchCallView(snapshot);
  const tone = snapshot.hasTag('waitingTone');
  useEffect(() => {
    if (!tone || silent) return;
    waitingTone.start();
    return () => waitingTone.stop();
  }, [tone, silent]);

  // The board's statuses, for the issue filter, once a comment on an existing issue is chosen.
  useEffect(() => {
    if (mode !== 'existing' || !shownWorkspaceId) return;
    void latest
      .current<DispatchStatusesReply>('POST', '/tracker/dispatch/statuses', { workspaceId: shownWorkspaceId })
      .then((reply) => setStatuses(reply.statuses))
      .catch(() => setStatuses([]));
  }, [mode, shownWorkspaceId]);
  const searchCount = useRef(0);
  const search = (query: string, keys: string[]) => {
    if (!targets.projectId || !shownWorkspaceId) return;
    const mine = ++searchCount.current;
    setIssues((current) => ({ ...current, loading: true, error: null }));
    latest
      .current<DispatchIssuesReply>('POST', '/tracker/dispatch/issues', {
        projectId: targets.projectId,
        workspaceId: shownWorkspaceId,
        ...(query ? { query } : {}),
        ...(keys.length ? { statuses: keys } : {}),
      })
      .then(
        // Only the newest search's answer counts: typing sends one per change.
        (reply) =>
          mine === searchCount.current && setIssues({ list: reply.issues, loading: false, error: null }),
        (error: unknown) =>
          mine === searchCount.current &&
          setIssues({ list: [], loading: false, error: (error as Error).message }),
      );
  };

  const submit = ({ text }: { text: string }) => {
    if (!shownWorkspaceId) return;
    const ready = images.images.flatMap((image) =>
      image.prepared
        ? [{ id: image.id, name: image.prepared.name, type: image.prepared.type, data: image.prepared.data }]
        : [],
    );
    const target =
      mode === 'existing' && selectedIssue
        ? { kind: 'comment' as const, workspaceId: shownWorkspaceId, issueId: selectedIssue.id }
        : {
            kind: 'issue' as const,
            workspaceId: shownWorkspaceId,
            projectId: targets.projectId ?? '',
            agentId: targets.agentId ?? '',
          };
    saveDispatchLast(store, {
      workspaceId: shownWorkspaceId,
      ...(targets.projectId ? { projectId: targets.projectId } : {}),
      ...(target.kind === 'issue' ? { agentId: target.agentId } : {}),
    });
    // After a failure the words or images may have changed: the call starts over (uploads are remembered).
    if (actor.getSnapshot().matches('notSent')) actor.send({ type: 'reset' });
    actor.send({ type: 'submit', text, target, images: ready });
  };

  return (
    <DispatchScreen
      workspaces={view.workspaces.map((item) => ({ id: item.id, name: item.name }))}
      workspaceId={shownWorkspaceId}
      projects={(view.options?.projects ?? []).map((item) => ({ id: item.id, title: item.title }))}
      projectId={targets.projectId}
      agents={(view.options?.agents ?? []).map((agent) => ({
        id: agent.id,
        name: agent.name,
        online: agent.online,
        ...(agent.unavailableReason ? { unavailableReason: agent.unavailableReason } : {}),
      }))}
      agentId={targets.agentId}
      mode={mode}
      issues={issues.list}
      selectedIssue={selectedIssue}
      issuesLoading={issues.loading}
      issuesError={issues.error}
      statuses={statuses}
      images={imageItems(images.images, snapshot)}
      blockedReason={
        sending ??
        view.blockedReason ??
        (view.loading ? 'Asking your computer for projects and agents…' : null)
      }
      call={call}
      onPickWorkspace={(id) => {
        setWorkspaceId(id);
        setChosen({ projectId: null, agentId: null });
        setSelectedIssue(null);
      }}
      onPickProject={(projectId) => {
        setChosen((current) => ({ ...current, projectId }));
        setSelectedIssue(null);
      }}
      onPickAgent={(agentId) => setChosen((current) => ({ ...current, agentId }))}
      onModeChange={setMode}
      onSearch={search}
      onPickIssue={setSelectedIssue}
      onAddImages={images.add}
      onRemoveImage={images.remove}
      onRetryImage={(id) => {
        if (actor.getSnapshot().matches('notSent') && !images.images.find((image) => image.id === id)?.error)
          actor.send({ type: 'retry' });
        else images.retry(id);
      }}
      onSubmit={submit}
      onCancel={() => actor.send({ type: 'cancel' })}
      onOpenMyDispatches={onOpenMyDispatches}
      onBack={onBack}
      waitingTone={{
        silent,
        onToggle: () => ringtones.selection.set(setWaitingSilent(ringtones.selection.get(), !silent)),
      }}
      onNewCall={() => {
        if (actor.getSnapshot().matches('created')) images.clear();
        actor.send({ type: 'reset' });
      }}
    />
  );
}
