import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keepFocusInPlace } from '@/lib/focus';
import { showCarriedToasts } from '@/lib/toast';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';

/** The entry of the app pages (app.html): dashboards, admin and the sign-in callback, client-rendered. */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from app.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
showCarriedToasts();
keepFocusInPlace();
