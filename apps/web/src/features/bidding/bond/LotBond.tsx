import { useState } from 'react';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { bondApi } from '@tender/contracts';
import { useServerNow } from '@/components/Countdown';
import { formatMoney } from '@/lib/amount';
import { useMyBonds } from '../api/list-my-bond';
import type { LotBid } from '../components/lot-view';
import { canDeclareBond } from './bond-terms';
import { DeclareBondModal } from './DeclareBondModal';
import './lot-bond.css';

const COLORS: Record<bondApi.BondStatus, string> = {
  declared: 'processing',
  verified: 'success',
  rejected: 'error',
  due: 'warning',
  refunded: 'default',
  forfeited: 'magenta',
};

/**
 * 保证金 of one lot on 投标报价, for lots that require one: the declaration's state (the
 * rejection's reason, the refund date), and 申报保证金 / 重新申报 until the deadline on the server's
 * clock. Nothing for a lot without a bond.
 */
export function LotBond({ view }: { view: LotBid }) {
  const required = view.lot?.bidBond ?? 0;
  if (required <= 0) return null;
  return <LotBondLine view={view} required={required} />;
}

function LotBondLine({ view, required }: { view: LotBid; required: number }) {
  const bonds = useMyBonds(view.id);
  const now = useServerNow();
  const [declaring, setDeclaring] = useState(false);
  const bond = bonds.data?.find((b) => b.lotId === view.lotId || view.lotId === undefined);
  const open = canDeclareBond(view, now);
  // A rejected declaration, or none yet, is what the bidder must act on.
  const wanted = !bond || bond.status === 'rejected';

  return (
    <div className="lot-bond" data-testid="lot-bond">
      <Typography.Text type="secondary">
        <SafetyOutlined /> 保证金 {formatMoney(required, view.currency)}：
      </Typography.Text>
      {bond ? (
        <>
          <Tag color={COLORS[bond.status]}>{bondApi.BOND_STATUS_LABELS[bond.status]}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {bondApi.BOND_FORM_LABELS[bond.form]} {formatMoney(bond.amount, view.currency)}
            {bond.dueAt && bond.status === 'due' && ` · 应于 ${bond.dueAt} 前退还`}
          </Typography.Text>
          {bond.status === 'rejected' && bond.reviewReason && (
            <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
              驳回原因：{bond.reviewReason}
            </Typography.Text>
          )}
        </>
      ) : (
        <Tag color={open ? 'orange' : 'default'}>{bonds.isLoading ? '…' : '未申报'}</Tag>
      )}
      {open && !bonds.isLoading && (
        <Tooltip title={bond && !wanted ? '重新申报将替换原申报，需财务重新核验' : undefined}>
          <Button
            size="small"
            type={wanted ? 'primary' : 'link'}
            ghost={wanted}
            onClick={() => setDeclaring(true)}
          >
            {bond ? '重新申报' : '申报保证金'}
          </Button>
        </Tooltip>
      )}
      {declaring && (
        <DeclareBondModal view={view} current={bond} onClose={() => setDeclaring(false)} />
      )}
    </div>
  );
}
