import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { adoptStyleNonce } from './app/style-nonce';
import { registerServiceWorker } from './pwa';

adoptStyleNonce();
void registerServiceWorker();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
