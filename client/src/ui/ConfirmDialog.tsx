import * as Dialog from '@radix-ui/react-dialog';
import { useText } from '../i18n';
import './theme.css';

export type Props = {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
};

/** A small destructive-action confirmation built on Radix Dialog (focus trap, Esc, labelled). */
export function ConfirmDialog({ open, title, description, confirmLabel, onConfirm, onOpenChange }: Props) {
  const t = useText();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="rb-dialog-overlay" />
        <Dialog.Content className="rb-dialog">
          <Dialog.Title className="rb-dialog-title">{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          <div className="rb-actions">
            <Dialog.Close asChild>
              <button type="button" className="rb-btn">
                {t('Cancel')}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="rb-btn rb-btn--danger"
              onClick={() => {
                onConfirm();
                onOpenChange(false);
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
