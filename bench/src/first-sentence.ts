import { SentenceChunker } from '@ringback/machines';

/**
 * Reads a streamed answer, handing each text delta to `onDelta`, until it ends or `onDelta` says
 * it has enough: the reader then stops and cancels the body, as the app hangs up when it stops
 * early. (Not by an AbortSignal: Node 20's fetch leaves a body read pending for ever when the
 * abort comes after the body ended but before it was read out, which an instant fake makes likely.)
 */
export type AnswerReader = (onDelta: (delta: string) => 'more' | 'enough') => Promise<void>;

/**
 * The answer's first complete sentence, cut by the app's own `SentenceChunker` (the one its call
 * player feeds the model's deltas to), as soon as it is certain. Like the app, the voice may
 * start on it at once: `closed` settles once the stream is wound down (await it after the clock
 * stops).
 */
export async function firstSentence(
  read: AnswerReader,
): Promise<{ sentence: string; closed: Promise<void> }> {
  const chunker = new SentenceChunker();
  let first: string | undefined;
  let found: (sentence: string) => void = () => undefined;
  const sentence = new Promise<string>((resolve) => {
    found = resolve;
  });
  const closed = read((delta) => {
    if (first !== undefined) return 'enough';
    first = chunker.push(delta)[0];
    if (first === undefined) return 'more';
    found(first);
    return 'enough';
  });
  const ended = closed.then(() => {
    // The answer ended before a sentence was certain: its tail is the sentence, as the app speaks it.
    first ??= chunker.flush()[0];
    if (first === undefined) throw new Error('the model gave no answer');
    return first;
  });
  // A failure after the sentence was found reaches the caller through `closed`.
  ended.catch(() => undefined);
  return { sentence: await Promise.race([sentence, ended]), closed };
}
