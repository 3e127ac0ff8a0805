import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { CallTab } from '../../calls/call-tabs';
import { useText } from '../../i18n';
import { TabContent, tabName } from './TabContent';
import '../theme.css';
import '../idle.css';
import './callTabs.css';

export type Props = {
  /** The tabs that did not fit in the row, in row order. */
  tabs: CallTab[];
  onSelect: (tabId: string) => void;
};

/** The More menu at the tab row's end (mouse only); its red count sums the hidden tabs' missed calls. */
export function MoreTabsMenu({ tabs, onSelect }: Props) {
  const t = useText();
  const id = useId();
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const missed = tabs.reduce((sum, tab) => sum + tab.missedCount, 0);

  useEffect(() => {
    if (open) itemRefs.current[0]?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    // A press anywhere else closes the menu, as native menus do.
    const closeOutside = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(at + 1);
        break;
      case 'ArrowUp':
        focusAt(at - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <div ref={wrapRef} className="rb-more">
      <button
        ref={buttonRef}
        type="button"
        className="rb-btn rb-btn--small rb-btn--ghost rb-more-btn"
        aria-label={missed > 0 ? t('More, {count} missed', { count: missed }) : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {t('More')}
        {missed > 0 && <span className="rb-count">{missed}</span>}
        <svg className="rb-more-caret" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M7 10l5 5 5-5z" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div
          id={`${id}-menu`}
          role="menu"
          aria-label={t('More projects')}
          className="rb-more-menu"
          onKeyDown={onMenuKeyDown}
        >
          {tabs.map((tab, index) => (
            <button
              key={tab.id}
              ref={(item) => {
                itemRefs.current[index] = item;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="rb-more-item"
              title={tab.label}
              aria-label={tabName(tab, t)}
              onClick={() => {
                setOpen(false);
                onSelect(tab.id);
              }}
            >
              <TabContent tab={tab} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
