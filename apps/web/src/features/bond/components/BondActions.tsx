import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { AuditOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import type { bondApi } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';

type Bond = bondApi.Bond;

/** What finance may do to a bond in its state; the server checks again. */
export type BondAction = 'review' | 'refund' | 'forfeit';
const HELD: readonly bondApi.BondStatus[] = ['verified', 'due'];
const canReview = (bond: Bond) => bond.status === 'declared';
const canSettle = (bond: Bond) => HELD.includes(bond.status);

/** The powers that give finance's actions: a manager holds none and reads the ledger only. */
export const BOND_ACTION_POWERS = ['bond:verify', 'bond:refund', 'bond:forfeit'] as const;

const ACTIONS: {
  action: BondAction;
  power: (typeof BOND_ACTION_POWERS)[number];
  label: string;
  icon: ReactNode;
  allowed: (bond: Bond) => boolean;
}[] = [
  {
    action: 'review',
    power: 'bond:verify',
    label: '核验',
    icon: <AuditOutlined />,
    allowed: canReview,
  },
  {
    action: 'refund',
    power: 'bond:refund',
    label: '退还',
    icon: <RollbackOutlined />,
    allowed: canSettle,
  },
  {
    action: 'forfeit',
    power: 'bond:forfeit',
    label: '没收',
    icon: <StopOutlined />,
    allowed: canSettle,
  },
];

/**
 * 核验, 退还 and 没收 for one bond, each only for a caller holding its power and in a state that
 * allows it: in the table's 操作 column and under a phone's card alike.
 */
export function BondActions({
  bond,
  onAction,
}: {
  bond: Bond;
  onAction: (bond: Bond, action: BondAction) => void;
}) {
  const { can } = useAccess();
  return (
    <Space size={0} wrap>
      {ACTIONS.filter(({ power, allowed }) => can(power) && allowed(bond)).map(
        ({ action, label, icon }) => (
          <Button
            key={action}
            type="link"
            size="small"
            danger={action === 'forfeit'}
            icon={icon}
            onClick={() => onAction(bond, action)}
          >
            {label}
          </Button>
        ),
      )}
    </Space>
  );
}
