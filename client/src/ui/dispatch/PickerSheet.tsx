import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useText } from '../../i18n';
import '../theme.css';
import './picker.css';

export type PickerOption = {
  id: string;
  label: string;
  /** Extra words after the label (e.g. "offline"); part of the option's accessible name. */
  detail?: ReactNode;
  /** Greyed but still selectable: an offline agent can be chosen, it just cannot be called. */
  dimmed?: boolean;
};

export type Props = {
  open: boolean;
  title: string;
  options: PickerOption[];
  selectedId: string | null;
  emptyText: string;
  onPick: (id: string) => void;
  onOpenChange: (open: boolean) => void;
};

/** A bottom panel on a phone (a centred dialog on desktop) listing the choices of one row. */
export function PickerSheet({ open, title, options, selectedId, emptyText, onPick, onOpenChange }: Props) {
  const t = useText();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="rb-dialog-overlay rb-sheet-overlay" />
        <Dialog.Content className="rb-sheet" aria-describedby={undefined}>
          <div className="rb-sheet-head">
            <Dialog.Title className="rb-dialog-title rb-sheet-title">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="rb-btn rb-btn--ghost rb-btn--small">
                {t('Close')}
              </button>
            </Dialog.Close>
          </div>
          {options.length === 0 ? (
            <p className="rb-empty">{emptyText}</p>
          ) : (
            <ul className="rb-list rb-sheet-list">
              {options.map((option) => {
                const selected = option.id === selectedId;
                return (
                  <li key={option.id}>
                    <button
                      type="button"
                      className={`rb-sheet-option${option.dimmed ? ' rb-sheet-option--dimmed' : ''}`}
                      aria-current={selected ? 'true' : undefined}
                      onClick={() => {
                        onPick(option.id);
                        onOpenChange(false);
                      }}
                    >
                      <span className="rb-sheet-option-label">{option.label}</span>
                      {option.detail}
                      <span className="rb-sheet-check" aria-hidden="true">
                        {selected ? '✓' : ''}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
