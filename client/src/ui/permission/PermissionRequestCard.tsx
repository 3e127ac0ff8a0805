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
      {request.description && (
        <p className="rb-perm-description">
          <span className="rb-perm-description-label">{t('The agent says')}</span> {request.description}
        </p>
      )}
    </section>
  );
}
