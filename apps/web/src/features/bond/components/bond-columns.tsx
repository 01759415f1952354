import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import {
  AuditOutlined,
  PaperClipOutlined,
  RollbackOutlined,
  StopOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { bondApi, lotLabel } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { usePinnedColumns } from '@/hooks/use-pinned-columns';
import { actionsColumn } from '@/components/table-actions';
import { formatMoney } from '@/lib/amount';
import { downloadFile } from '@/lib/file-download';
import { formatDate } from '@/lib/time';
import { BondStatusTag } from './BondStatusTag';

type Bond = bondApi.Bond;

/** What finance may do to a bond in its state; the server checks again. */
export type BondAction = 'review' | 'refund' | 'forfeit';
const HELD: readonly bondApi.BondStatus[] = ['verified', 'due'];
export const canReview = (bond: Bond) => bond.status === 'declared';
export const canSettle = (bond: Bond) => HELD.includes(bond.status);

const secondary = (text: React.ReactNode, nowrap = false) => (
  <Typography.Text
    type="secondary"
    style={{ display: 'block', fontSize: 12, whiteSpace: nowrap ? 'nowrap' : undefined }}
  >
    {text}
  </Typography.Text>
);

/** 同一账户 (R 40): the other suppliers of the tender whose bond came from this account. */
function SameAccountTag({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  return (
    <Tooltip title={`与「${names.join('」「')}」的保证金来自同一账户，可能串通投标`}>
      <Tag color="warning" icon={<WarningOutlined />} style={{ marginTop: 4 }}>
        同一账户
      </Tag>
    </Tooltip>
  );
}

function Instrument({ bond }: { bond: Bond }) {
  return (
    <>
      {bond.guaranteeNo ? (
        <>
          <div>{bond.guaranteeNo}</div>
          {secondary(`${bond.issuer ?? ''} · 有效期至 ${bond.validUntil ?? '—'}`)}
        </>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      )}
      {bond.files.map((file) => (
        <Button
          key={file.id}
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          style={{ padding: 0, height: 'auto', display: 'block' }}
          onClick={() => void downloadFile(file.id, file.name).catch(() => undefined)}
        >
          {file.name}
        </Button>
      ))}
    </>
  );
}

/** How the bond ended, or why it was turned away, under its state. */
function StatusNote({ bond }: { bond: Bond }) {
  if (bond.status === 'rejected' && bond.reviewReason)
    return secondary(`驳回：${bond.reviewReason}`);
  if (bond.status === 'refunded')
    return secondary(`${formatDate(bond.refundedAt)} 退还 · 流水号 ${bond.refundReference ?? ''}`);
  if (bond.status === 'forfeited' && bond.forfeitGround)
    return (
      <Tooltip title={bond.forfeitReason}>
        {secondary(bondApi.FORFEIT_GROUND_LABELS[bond.forfeitGround])}
      </Tooltip>
    );
  return null;
}

/** 退还期限: the last day, red once past; what started the clock under it. */
function DueCell({ bond }: { bond: Bond }) {
  if (!bond.dueAt) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <>
      <Typography.Text
        type={bond.overdue ? 'danger' : undefined}
        strong={bond.overdue}
        style={{ whiteSpace: 'nowrap' }}
        data-overdue={bond.overdue || undefined}
      >
        {bond.dueAt}
      </Typography.Text>
      {bond.refundEvent && secondary(bondApi.REFUND_EVENT_LABELS[bond.refundEvent])}
    </>
  );
}

/**
 * The ledger's columns; 核验, 退还 and 没收 only for callers holding bond:verify, bond:refund and
 * bond:forfeit (managers read the ledger without them). Accounts show masked to the last four
 * digits whatever the server sends.
 */
export function useBondColumns(onAction: (bond: Bond, action: BondAction) => void) {
  const { can } = useAccess();
  const pinned = usePinnedColumns();
  const columns: TableColumnsType<Bond> = [
    {
      title: '招标项目 / 标段',
      key: 'tender',
      fixed: pinned ? 'left' : undefined,
      render: (_, bond) => (
        <>
          <Typography.Text strong>{bond.tenderTitle}</Typography.Text>
          {/* A one-lot tender's lot bears the tender's name: no 标段 1 repeating the title. */}
          {secondary(
            bond.lotName === bond.tenderTitle
              ? bond.tenderNo
              : `${bond.tenderNo} · ${lotLabel({ lotNo: bond.lotNo, name: bond.lotName })}`,
          )}
        </>
      ),
    },
    {
      title: '投标人',
      key: 'supplier',
      render: (_, bond) => (
        <>
          <div>{bond.supplierName}</div>
          <SameAccountTag names={bond.sameAccountAs} />
        </>
      ),
    },
    {
      title: '形式',
      dataIndex: 'form',
      render: (form: bondApi.BondForm) => (
        <span style={{ whiteSpace: 'nowrap' }}>{bondApi.BOND_FORM_LABELS[form]}</span>
      ),
    },
    {
      title: '金额',
      key: 'amount',
      align: 'right',
      render: (_, bond) => (
        <>
          <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(bond.amount)}</span>
          {secondary(`应缴 ${formatMoney(bond.required)}`, true)}
        </>
      ),
    },
    {
      title: '付款单位 / 账号',
      key: 'payer',
      render: (_, bond) => (
        <>
          <div>{bond.payerName}</div>
          {secondary(bondApi.maskAccount(bond.payerAccount), true)}
        </>
      ),
    },
    { title: '保函 / 凭证', key: 'instrument', render: (_, bond) => <Instrument bond={bond} /> },
    {
      title: '状态',
      key: 'status',
      render: (_, bond) => (
        <>
          <BondStatusTag bond={bond} />
          <StatusNote bond={bond} />
        </>
      ),
    },
    { title: '退还期限', key: 'dueAt', render: (_, bond) => <DueCell bond={bond} /> },
  ];
  const review = can('bond:verify');
  const refund = can('bond:refund');
  const forfeit = can('bond:forfeit');
  if (!review && !refund && !forfeit) return columns;
  return [
    ...columns,
    actionsColumn(pinned, (bond: Bond) => (
      <Space size={0} wrap>
        {review && canReview(bond) && (
          <Button
            type="link"
            size="small"
            icon={<AuditOutlined />}
            onClick={() => onAction(bond, 'review')}
          >
            核验
          </Button>
        )}
        {refund && canSettle(bond) && (
          <Button
            type="link"
            size="small"
            icon={<RollbackOutlined />}
            onClick={() => onAction(bond, 'refund')}
          >
            退还
          </Button>
        )}
        {forfeit && canSettle(bond) && (
          <Button
            type="link"
            size="small"
            danger
            icon={<StopOutlined />}
            onClick={() => onAction(bond, 'forfeit')}
          >
            没收
          </Button>
        )}
      </Space>
    )),
  ];
}
