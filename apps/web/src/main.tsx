import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { loadSystemInfo } from '@/lib/system-info';
import { installErrorLog } from '@/stores/error-log';
import './styles/global.css';

// Each step of the boot is its own task, so a phone's main thread is never held for long:
// evaluating the scripts, creating the router (which starts the first navigation's guard and
// screen) and the first render were one task of ≈ 200 ms at Lighthouse's 4× slowdown.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

installErrorLog();
void loadSystemInfo();
await nextTask();
const router = createAppRouter();
await nextTask();

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
