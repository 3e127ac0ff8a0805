// The thread that encrypts and sends pushes (push-sender.ts starts it). Each push needs a fresh
// ECDH key pair and an agreement with the device's key, about half a millisecond of CPU, and an
// HTTP request: here they never hold up the relay's own requests while a call wakes many devices.
import { parentPort, workerData } from 'node:worker_threads';
import { EphemeralKeys } from './ephemeral-keys';
import { isRefusedAddress } from './guarded-connect';
import { buildPushRequest, type PushRequest } from './push-request';
import type { CancelRequest, SenderThreadData, SendReply, SendRequest } from './push-sender-messages';
import { undiciPushTransport } from './push-transport';

const port = parentPort;
if (!port) throw new Error('push-sender-thread runs as a worker thread');
const keys = new EphemeralKeys();
const { allowedOrigins } = workerData as SenderThreadData;
const transport = undiciPushTransport({ allowedOrigins });
/** The sends in flight, to abort one the relay no longer wants. */
const inFlight = new Map<number, AbortController>();

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
  const controller = new AbortController();
  inFlight.set(message.id, controller);
  try {
    return { id: message.id, response: await transport.deliver(push, controller.signal) };
  } catch (error) {
    if (isRefusedAddress(error)) return { id: message.id, refused: error.message };
    return { id: message.id, failed: (error as Error).message };
  } finally {
    inFlight.delete(message.id);
  }
}

port.on('message', (message: SendRequest | CancelRequest) => {
  if ('cancel' in message) inFlight.get(message.cancel)?.abort();
  else void send(message).then((reply) => port.postMessage(reply));
});
