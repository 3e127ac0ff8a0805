import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Device, DeviceList, ErrorBody, RenameDeviceBody, RingbackError } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { deviceOf } from '../auth/device-auth';
import type { RelayRuntime } from '../relay-deps';
import type { DeviceRecord } from '../storage/relay-store';

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
export function deviceRoutes(deps: RelayRuntime): FastifyPluginAsync {
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
        deps.cluster.deviceChanged(me.accountId, renamed.deviceId, 'renamed');
        return toDevice(renamed, me.deviceId);
      },
    );

    api.delete(
      '/v1/devices/:deviceId',
      { schema: { params: DeviceParams, response: { 204: Type.Null(), '4xx': ErrorBody } } },
      async (request, reply) => {
        const me = deviceOf(request);
        // Calls it had answered go back to the others in the removal's own write, and with Web
        // Push on they ring again (their schedules start afresh in that write too).
        const removed = await deps.store.removeDevice(
          me.accountId,
          request.params.deviceId,
          deps.webPush.newCallPushes(),
        );
        if (!removed) throw new RingbackError('device_not_found');
        for (const { log } of removed.released) deps.cluster.logged(me.accountId, log.seq);
        // Its streams and its link close, here and on every other instance.
        deps.cluster.deviceChanged(me.accountId, request.params.deviceId, 'removed');
        deps.logger.info(`device ${request.params.deviceId} removed by ${me.deviceId}`);
        return reply.status(204).send(null);
      },
    );
  };
}
