/** A stream that can hold its writes back and then pass them on in one go (a socket, a response). */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

const corked = new WeakSet<Corkable>();

/**
 * Holds `stream`'s writes until the work of this tick is done (its promise callbacks included),
 * then writes them in one go: an answer's last frame and its `end`, or an ack and the next
 * request, cost one system call and wake the other side once instead of each on its own. On a
 * loaded machine each wake-up waits for a CPU. Nothing waits past this tick.
 */
export function corkForThisTick(stream: Corkable): void {
  if (corked.has(stream)) return;
  corked.add(stream);
  stream.cork();
  process.nextTick(() => {
    corked.delete(stream);
    stream.uncork();
  });
}
