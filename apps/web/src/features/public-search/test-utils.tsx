import { stubBrowserLayout } from '@/test/render';

/** The render helpers this feature's tests use, from the shared test kit. */
export { renderWithApp as renderWithProviders } from '@/test/render';
/** A desktop-sized browser for antd's responsive pieces (usable as a vitest hook). */
export const stubBrowser = () => stubBrowserLayout();
