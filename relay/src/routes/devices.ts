import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Device, DeviceList, ErrorBody, RenameDeviceBody, RingbackError } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { deviceOf } from '../auth/device-auth';
import { deviceNames, toStatusChange } from '../events/relayed-event';
import type { RelayDeps } from '../relay-deps';
import type { DeviceRecord } from '../storage/relay-store';
import { sseFrame } from '../stream/stream-hub';

const DeviceParams = Type.Object({ deviceId: Type.String({ minLength: 1, maxLength: 64 }) });

function toDevice(record: DeviceRecord, currentId: string): Device {
  return {
    deviceId: record.deviceId,
    kind: record.kind,
    name: record.name,
    createdAt: record.createdAt,
    lastSeenAt: record.lastSeenAt,
    current: record.deviceId === currentId,
  };
}

/** Any paired device lists, renames and removes the devices of its account. */
export function deviceRoutes(deps: RelayDeps): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get('/v1/devices', { schema: { response: { 200: DeviceList } } }, async (request) => {
      const me = deviceOf(request);
      const devices = await deps.store.listDevices(me.accountId);
      return { devices: devices.map((device) => toDevice(device, me.deviceId)) };
    });

    api.patch(
      '/v1/devices/:deviceId',
      {
        schema: { params: DeviceParams, body: RenameDeviceBody, response: { 200: Device, '4xx': ErrorBody } },
      },
      async (request) => {
        const me = deviceOf(request);
        const renamed = await deps.store.renameDevice(
          me.accountId,
          request.params.deviceId,
          request.body.name,
        );
        if (!renamed) throw new RingbackError('device_not_found');
        return toDevice(renamed, me.deviceId);
      },
    );

    api.delete(
      '/v1/devices/:deviceId',
      { schema: { params: DeviceParams, response: { 204: Type.Null(), '4xx': ErrorBody } } },
      async (request, reply) => {
        const me = deviceOf(request);
        if (!(await deps.store.removeDevice(me.accountId, request.params.deviceId)))
          throw new RingbackError('device_not_found');
        // Calls it had answered go back to the others.
        const released = await deps.store.releaseCallsOf(me.accountId, request.params.deviceId);
        if (released.length > 0) {
          const names = await deviceNames(deps.store, me.accountId);
          for (const { event, log } of released)
            deps.hub.publish(
              me.accountId,
              log.seq,
              sseFrame(log.seq, 'status', toStatusChange(event, names)),
            );
        }
        deps.hub.closeDevice(me.accountId, request.params.deviceId);
        deps.links.closeDevice(request.params.deviceId);
        deps.logger.info(`device ${request.params.deviceId} removed by ${me.deviceId}`);
        return reply.status(204).send(null);
      },
    );
  };
}
