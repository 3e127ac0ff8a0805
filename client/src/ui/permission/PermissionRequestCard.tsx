import { Fragment } from 'react';
import { useText } from '../../i18n';
import './permission.css';

export type PermissionRequestView = {
  /** "Claude Code asks to run a command", in the interface language. */
  title: string;
  /** The project folder it works in. */
  folder: string;
  /** The command, file, domain or tool input, in full. */
  subject: string;
  /** The agent's own words about it, if any. */
  description: string | null;
  /**
   * For a file: the change an allow lets the agent make. `edits`: lines taken out (`- `) and put
   * in (`+ `); else a new file's content (or a notebook cell's), shown as it is.
   */
  change: { text: string; edits: boolean } | null;
  /** For a network request: the command that wants to reach it, in full. */
  command: string | null;
  /**
   * False when the computer could not give the whole request (a field cut, or the subject
   * inferred): it may only be denied here, and allowed at the computer.
   */
  complete: boolean;
};

/** What the agent asks to do: the subject in full (monospace, wrapped), the folder, its own words. */
export function PermissionRequestCard({
  request,
  headingLevel = 2,
}: {
  request: PermissionRequestView;
  headingLevel?: 1 | 2;
}) {
  const t = useText();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="rb-perm-card" aria-label={request.title}>
      <Heading className="rb-perm-title">{request.title}</Heading>
      <p className="rb-perm-folder">{t('In {folder}', { folder: request.folder })}</p>
      <pre className="rb-perm-subject">{request.subject}</pre>
      {request.change && <FileChange change={request.change} />}
      {request.command !== null && <ForCommand command={request.command} />}
      {request.description && (
        <p className="rb-perm-description">
          <span className="rb-perm-description-label">{t('The agent says')}</span> {request.description}
        </p>
      )}
    </section>
  );
}

/** The command a network request is for: an allow lets it reach the subject. */
function ForCommand({ command }: { command: string }) {
  const t = useText();
  const label = t('For the command');
  return (
    <section className="rb-perm-change" aria-label={label}>
      <h3 className="rb-perm-change-label">{label}</h3>
      <pre className="rb-perm-change-text">{command}</pre>
    </section>
  );
}

/** How one line of an edit reads: taken out, put in, a note (`@@ … @@`), or unchanged text. */
function lineClass(line: string): string | undefined {
  if (line.startsWith('- ') || line === '-') return 'rb-perm-line-out';
  if (line.startsWith('+ ') || line === '+') return 'rb-perm-line-in';
  if (/^@@ .* @@$/.test(line)) return 'rb-perm-line-note';
  return undefined;
}

/** The change in full, monospace and scrollable; an edit's lines out and in in their colours. */
function FileChange({ change }: { change: { text: string; edits: boolean } }) {
  const t = useText();
  const label = t('The change');
  return (
    <section className="rb-perm-change" aria-label={label}>
      <h3 className="rb-perm-change-label">{label}</h3>
      {change.text === '' ? (
        <p className="rb-perm-change-empty">{t('An empty file')}</p>
      ) : (
        <pre className="rb-perm-change-text">
          {change.edits
            ? change.text.split('\n').map((line, index) => (
                // Lines of one change never move: their index is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Fragment key={index}>
                  <span className={lineClass(line)}>{line}</span>
                  {'\n'}
                </Fragment>
              ))
            : change.text}
        </pre>
      )}
    </section>
  );
}
