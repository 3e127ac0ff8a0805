import type { ReactNode } from 'react';
import { PhoneIcon } from './icons';
import './theme.css';
import './welcome.css';

/** The app's name over its phone mark, and a line under it: the top of the pages outside a session. */
export function AppHero({ children }: { children: ReactNode }) {
  return (
    <header className="rb-welcome-hero">
      <div className="rb-welcome-logo" aria-hidden="true">
        <PhoneIcon className="rb-icon rb-icon--xl" />
      </div>
      <h1>Ringback</h1>
      {children}
    </header>
  );
}
