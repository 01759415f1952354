import type { CSSProperties } from 'react';
import { Typography } from 'antd';

/**
 * Text cut to `maxWidth` with an ellipsis; hovering shows the whole of it. For a table cell
 * whose text cannot wrap (an address, a path, a hash), so the columns after it stay in view.
 */
export function ClippedText({
  text,
  maxWidth,
  secondary,
  style,
}: {
  text: string;
  maxWidth: number;
  secondary?: boolean;
  style?: CSSProperties;
}) {
  return (
    <Typography.Text
      type={secondary ? 'secondary' : undefined}
      ellipsis={{ tooltip: text }}
      style={{ maxWidth, fontSize: secondary ? 12 : undefined, ...style }}
    >
      {text}
    </Typography.Text>
  );
}
