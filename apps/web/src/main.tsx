import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { loadSystemInfo } from '@/lib/system-info';
import { installErrorLog } from '@/stores/error-log';
import './styles/global.css';

installErrorLog();
void loadSystemInfo();
const router = createAppRouter();

// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread (on a phone, hundreds of milliseconds) while the frame is showing.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
