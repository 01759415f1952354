import { useState } from 'react';

/**
 * Whether something has been opened at least once: a dialog or drawer whose code loads on first
 * use is mounted from its first opening on, and stays mounted so that it closes with its own
 * animation and keeps what it holds, as it did when it was mounted from the start.
 */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
