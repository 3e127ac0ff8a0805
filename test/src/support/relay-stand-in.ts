import Fastify from 'fastify';

export interface ReceivedEvent {
  /** When it arrived (Date.now()). */
  at: number;
  authorization: string | undefined;
  body: { eventId: string; source: string; occurredAt: string; sealed: string };
}

/** How the stand-in answers one POST: a status and optional error code. */
export interface StandInAnswer {
  status: number;
  error?: string;
  /** Holds the answer this long, as a relay that stored the event but answers late. */
  delayMs?: number;
}

/**
 * A stand-in for the relay's `POST /v1/daemon/events` (the real relay comes with its own
 * issue): records every POST and answers from a script, then 201, like a relay that stores
 * each event once and answers repeats with the original.
 */
export async function startRelayStandIn(): Promise<{
  url: string;
  received: ReceivedEvent[];
  answerNext(...answers: StandInAnswer[]): void;
  /** How it answers once the script is used up (201 unless told otherwise), as a relay that is down. */
  answerRest(answer: StandInAnswer): void;
  close(): Promise<void>;
}> {
  const app = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024, forceCloseConnections: true });
  const received: ReceivedEvent[] = [];
  const script: StandInAnswer[] = [];
  let rest: StandInAnswer = { status: 201 };
  app.post('/v1/daemon/events', async (request, reply) => {
    received.push({
      at: Date.now(),
      authorization: request.headers.authorization,
      body: request.body as ReceivedEvent['body'],
    });
    const answer = script.shift() ?? rest;
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs).unref());
    return reply.status(answer.status).send(answer.error ? { error: answer.error } : { stored: true });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerNext: (...answers) => script.push(...answers),
    answerRest: (answer) => {
      rest = answer;
    },
    close: () => app.close(),
  };
}
