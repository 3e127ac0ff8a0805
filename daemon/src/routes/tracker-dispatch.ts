import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  createParser,
  DispatchIdRequest,
  DispatchIssuesReply,
  DispatchIssuesRequest,
  DispatchListReply,
  DispatchOptionsReply,
  DispatchOptionsRequest,
  DispatchReply,
  DispatchRequest,
  DispatchStatusesReply,
  DispatchStatusesRequest,
  ErrorBody,
  RingbackError,
  TrackerIssuesReply,
  TrackerIssuesRequest,
  TrackerUploadReply,
  TrackerUploadRequest,
  UPLOAD_BODY_LIMIT_BYTES,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { DaemonConfig } from '../config/daemon-config';
import type { Logger } from '../log/logger';
import type { TrackerClient } from '../tracker/api';
import {
  cancelDispatch,
  chooseWorkspace,
  createDispatch,
  type DispatchStore,
  dispatchOptions,
  dispatchRecord,
  issueStatuses,
  projectIssues,
  refreshDispatches,
  refreshIssues,
  trackerAccess,
  uploadImage,
} from '../tracker/dispatch';

/** A dispatch names its images (about 200 bytes each) beside at most 8000 characters of words. */
const DISPATCH_BODY_LIMIT_BYTES = 1024 * 1024;

const parseStatusesRequest = createParser(DispatchStatusesRequest);

export interface TrackerDispatchDeps {
  /** `daemon.json`: the tracker token and the watched workspaces. */
  config: { read(): DaemonConfig };
  /** `dispatches.json`, opened with `DispatchStore.open(dataDir, logger)`. */
  store: DispatchStore;
  /** A tracker client for a token (reads retried, writes sent once). */
  client: (token: string) => TrackerClient;
  logger: Logger;
  /** The clock of the 1-minute rule and of new records; tests inject one. */
  now?: () => number;
}

/**
 * The spec's "Tracker issues and dispatch" endpoints, all callable through the relay too: issue
 * refresh for the calls page, what can be dispatched (projects, agents, issues, statuses), image
 * uploads, and the dispatches themselves, refreshed from the tracker on every read.
 */
export function trackerDispatchRoutes(deps: TrackerDispatchDeps): FastifyPluginAsync {
  const now = deps.now ?? Date.now;
  const access = () => trackerAccess(deps);
  /** Without a token the list still answers, with what was last known. */
  const refreshClient = () => {
    try {
      return access().client;
    } catch {
      return null;
    }
  };
  const saved = async () => {
    await deps.store.flush().catch((error: unknown) => {
      deps.logger.error(`writing the dispatch list failed: ${(error as Error).message}`);
    });
  };
  const known = (id: string) => {
    const actor = deps.store.get(id);
    if (!actor)
      throw new RingbackError('dispatch_not_found', `no dispatch ${id} was sent from this computer`);
    return actor;
  };

  return async (app) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const config = { relayable: true };
    const replies = <T>(ok: T) => ({ 200: ok, '4xx': ErrorBody, '5xx': ErrorBody });

    routes.post(
      '/tracker/issues',
      { config, schema: { body: TrackerIssuesRequest, response: replies(TrackerIssuesReply) } },
      async (request) => ({ issues: await refreshIssues(access(), request.body.issues) }),
    );

    routes.get(
      '/tracker/dispatch/options',
      { config, schema: { response: replies(DispatchOptionsReply) } },
      async () => {
        const tracker = access();
        return dispatchOptions(tracker, chooseWorkspace(tracker).id);
      },
    );

    routes.post(
      '/tracker/dispatch/options',
      { config, schema: { body: DispatchOptionsRequest, response: replies(DispatchOptionsReply) } },
      async (request) => {
        const tracker = access();
        return dispatchOptions(tracker, chooseWorkspace(tracker, request.body.workspaceId).id);
      },
    );

    routes.post(
      '/tracker/dispatch/issues',
      { config, schema: { body: DispatchIssuesRequest, response: replies(DispatchIssuesReply) } },
      async (request) => {
        const tracker = access();
        const workspace = chooseWorkspace(tracker, request.body.workspaceId);
        return { issues: await projectIssues(tracker, workspace.id, request.body) };
      },
    );

    routes.post(
      '/tracker/dispatch/statuses',
      { config, schema: { response: replies(DispatchStatusesReply) } },
      async (request) => {
        // `{ workspaceId? }`, which may also come as no body at all.
        const { workspaceId } = parseStatusesRequest.parse(request.body ?? {});
        const tracker = access();
        return { statuses: await issueStatuses(tracker, chooseWorkspace(tracker, workspaceId).id) };
      },
    );

    routes.post(
      '/tracker/uploads',
      {
        config,
        bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
        schema: { body: TrackerUploadRequest, response: replies(TrackerUploadReply) },
      },
      async (request) => {
        const tracker = access();
        const workspace = chooseWorkspace(tracker, request.body.workspaceId);
        return { attachment: await uploadImage(tracker, workspace.id, request.body) };
      },
    );

    routes.post(
      '/tracker/dispatches',
      {
        config,
        bodyLimit: DISPATCH_BODY_LIMIT_BYTES,
        schema: { body: DispatchRequest, response: replies(DispatchReply) },
      },
      async (request) => {
        const actor = await createDispatch(request.body, {
          access: access(),
          store: deps.store,
          logger: deps.logger,
          now,
        });
        return { dispatch: dispatchRecord(actor) };
      },
    );

    routes.get(
      '/tracker/dispatches',
      { config, schema: { response: replies(DispatchListReply) } },
      async () => {
        const actors = deps.store.list();
        await refreshDispatches(actors, { client: refreshClient(), logger: deps.logger, now });
        await saved();
        return { dispatches: actors.map(dispatchRecord) };
      },
    );

    routes.post(
      '/tracker/dispatches/lookup',
      { config, schema: { body: DispatchIdRequest, response: replies(DispatchReply) } },
      async (request) => {
        const actor = known(request.body.id);
        await refreshDispatches([actor], { client: refreshClient(), logger: deps.logger, now });
        await saved();
        return { dispatch: dispatchRecord(actor) };
      },
    );

    routes.post(
      '/tracker/dispatches/cancel',
      { config, schema: { body: DispatchIdRequest, response: replies(DispatchReply) } },
      async (request) => {
        const actor = known(request.body.id);
        await cancelDispatch(actor, () => access().client, now);
        await saved();
        return { dispatch: dispatchRecord(actor) };
      },
    );
  };
}
