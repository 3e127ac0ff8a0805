// The thread that encrypts pushes (push-builder.ts starts it): each push needs a fresh ECDH key
// pair and an agreement with the device's key, about half a millisecond of CPU, which would
// otherwise hold up the relay's requests while a call wakes many devices.
import { parentPort } from 'node:worker_threads';
import type { BuildReply, BuildRequest } from './push-builder-messages';
import { buildPushRequest } from './push-request';

const port = parentPort;
if (!port) throw new Error('push-builder-thread runs as a worker thread');

port.on('message', (message: BuildRequest) => {
  let reply: BuildReply;
  try {
    const push = buildPushRequest(message.subscription, message.eventId, {
      authorization: () => message.authorization,
    });
    reply = { id: message.id, push };
  } catch (error) {
    reply = { id: message.id, error: (error as Error).message };
  }
  port.postMessage(reply);
});
