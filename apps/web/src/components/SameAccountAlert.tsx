import type { CSSProperties } from 'react';
import { Alert, Space } from 'antd';
import type { SameAccountWarning } from '@tender/contracts/bond';

/**
 * R 40 (实施条例第四十条): bid bonds of different suppliers paid from one bank account are deemed
 * collusion. Shown where bids are compared: 比价 and the evaluation desk.
 */
export function SameAccountAlert({
  warnings,
  style,
}: {
  warnings: readonly SameAccountWarning[] | undefined;
  style?: CSSProperties;
}) {
  if (!warnings?.length) return null;
  return (
    <Space
      direction="vertical"
      size={8}
      style={{ width: '100%', ...style }}
      data-testid="same-account-warnings"
    >
      {warnings.map((warning) => (
        <Alert
          key={`${warning.lotId}-${warning.account}`}
          type="warning"
          showIcon
          title="围标串标预警：投标保证金来自同一账户"
          description={`${warning.supplierNames.join('、')} 的投标保证金从同一账户（${warning.account}）转出，依实施条例第四十条视为串通投标，请评审核实。`}
        />
      ))}
    </Space>
  );
}
