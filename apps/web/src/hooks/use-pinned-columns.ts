import { Grid } from 'antd';

/**
 * Whether a table may pin its first and action columns: on a phone, pinned columns would leave
 * no room for the rest, so they scroll with the others.
 */
export function usePinnedColumns(): boolean {
  const { md } = Grid.useBreakpoint();
  return md !== false;
}
