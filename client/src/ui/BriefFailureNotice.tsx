import type { TextValues } from '../i18n';
import { useText } from '../i18n';

export type BriefFailureView = {
  /** Interface text by its English words, with values: why the brief failed, and what to do. */
  text: string;
  values?: TextValues;
  /** Opens the setting that fixes it; absent when no setting would. */
  onFix?: () => void;
};

export type Props = BriefFailureView & {
  /** The lead, by its English words: "No brief for this call", "The last brief could not be written". */
  heading: string;
  /** A sentence after the reason, by its English words (the call says where the fix is, as it has no button). */
  hint?: string;
  /** `call`: on the dark call screen; `page`: on the light pages. */
  look: 'call' | 'page';
};

/** Why the computer wrote no brief, in words to act on, with the way to the setting that fixes it. */
export function BriefFailureNotice(props: Props) {
  const t = useText();
  return (
    <section className={`rb-brief-failure rb-brief-failure--${props.look}`} role="status">
      <h2 className="rb-brief-failure-title">{t(props.heading)}</h2>
      <p className="rb-brief-failure-text">{t(props.text, props.values)}</p>
      {props.hint && <p className="rb-brief-failure-text">{t(props.hint)}</p>}
      {props.onFix && (
        <button type="button" className="rb-btn rb-btn--small rb-brief-failure-fix" onClick={props.onFix}>
          {t('Open Language model settings')}
        </button>
      )}
    </section>
  );
}
