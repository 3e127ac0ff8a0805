import { useText } from '../../i18n';
import '../theme.css';
import '../call.css';
import './permission.css';

export type Props = {
  callerName: string;
  title: string;
  /** "Answered at the computer", "Answered on Pixel 8", or "Allowed on Pixel 8" once the computer said so. */
  where: string;
  onClose: () => void;
};

/** A permission call that ended without this device: no buttons to decide, only where it went. */
export function PermissionEndedScreen({ callerName, title, where, onClose }: Props) {
  const t = useText();
  return (
    <main className="rb-call" aria-labelledby="rb-perm-ended">
      <div className="rb-perm-screen">
        <div>
          <p className="rb-perm-kicker">{title}</p>
          <p className="rb-perm-caller">{callerName}</p>
        </div>
        <h1 id="rb-perm-ended" className="rb-perm-outcome">
          {where}
        </h1>
        <div className="rb-perm-row">
          <button type="button" className="rb-btn rb-btn--primary" onClick={onClose}>
            {t('Close')}
          </button>
        </div>
      </div>
    </main>
  );
}
