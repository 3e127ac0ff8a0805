// The thread that encrypts and sends pushes (push-sender.ts starts it). Each push needs a fresh
// ECDH key pair and an agreement with the device's key, about half a millisecond of CPU, and an
// HTTP request: here they never hold up the relay's own requests while a call wakes many devices.
import { parentPort } from 'node:worker_threads';
import { EphemeralKeys } from './ephemeral-keys';
import { buildPushRequest, type PushRequest } from './push-request';
import type { SendReply, SendRequest } from './push-sender-messages';
import { undiciPushTransport } from './push-transport';

const port = parentPort;
if (!port) throw new Error('push-sender-thread runs as a worker thread');
const keys = new EphemeralKeys();
const transport = undiciPushTransport();
const never = new AbortController().signal;

async function send(message: SendRequest): Promise<SendReply> {
  let push: PushRequest;
  try {
    push = buildPushRequest(
      message.subscription,
      message.content,
      { authorization: () => message.authorization },
      keys,
    );
  } catch (error) {
    return { id: message.id, unsendable: (error as Error).message };
  }
  try {
    return { id: message.id, response: await transport.deliver(push, never) };
  } catch (error) {
    return { id: message.id, failed: (error as Error).message };
  }
}

port.on('message', (message: SendRequest) => {
  void send(message).then((reply) => port.postMessage(reply));
});
