import { Fragment } from 'react';

/**
 * A sentence whose `backticked` parts are commands to type (`ringback up`), shown as code
 * rather than with the backticks the catalogue writes them with. An unpaired backtick is text.
 */
export function CommandText({ text }: { text: string }) {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return <>{text}</>;
  // Every odd part was between a pair of backticks. The parts never move, so their places are keys.
  const pieces = parts.map((part, place) => ({ part, place }));
  return (
    <>
      {pieces.map(({ part, place }) =>
        place % 2 === 1 ? (
          <code key={place} className="rb-command">
            {part}
          </code>
        ) : (
          <Fragment key={place}>{part}</Fragment>
        ),
      )}
    </>
  );
}
