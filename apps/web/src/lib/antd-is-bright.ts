import { Color as RcColor } from '@rc-component/color-picker/es/color';

/**
 * Ant Design's `isBright` (antd/es/color-picker/components/ColorPresets.js), which Button's style
 * token imports to pick a text colour over a preset colour; the build points that one import
 * here (vite.config.ts): the presets module it lives in also imports Collapse and the colour
 * picker's components, ≈ 7 KB gzip on every page with a Button. Same body as antd 6's.
 */
export const isBright = (
  value: { toRgb(): { r: number; g: number; b: number; a: number }; toRgbString(): string },
  bgColorToken: string,
): boolean => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // Adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
