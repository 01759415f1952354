import type { ConfigProviderProps } from 'antd';

type SizeType = ConfigProviderProps['componentSize'];

/** The original template's four sizes (Element UI's names). */
export type AppSize = 'default' | 'medium' | 'small' | 'mini';

export const DEFAULT_SIZE: AppSize = 'medium';

export const SIZE_OPTIONS: { value: AppSize; label: string }[] = [
  { value: 'default', label: '默认' },
  { value: 'medium', label: '中等' },
  { value: 'small', label: '小型' },
  { value: 'mini', label: '迷你' },
];

export const isAppSize = (value: unknown): value is AppSize =>
  SIZE_OPTIONS.some((option) => option.value === value);

/** Ant Design has three sizes; mini is the small size with the compact algorithm on top. */
export function antdSizeOf(size: AppSize): { componentSize: SizeType; compact: boolean } {
  switch (size) {
    case 'default':
      return { componentSize: 'large', compact: false };
    case 'medium':
      return { componentSize: 'middle', compact: false };
    case 'small':
      return { componentSize: 'small', compact: false };
    case 'mini':
      return { componentSize: 'small', compact: true };
  }
}
