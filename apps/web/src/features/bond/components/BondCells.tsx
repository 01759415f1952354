import { Button, Tag, Tooltip, Typography } from 'antd';
import { PaperClipOutlined, WarningOutlined } from '@ant-design/icons';
import { bondApi, lotLabel } from '@tender/contracts';
import { downloadFile } from '@/lib/file-download';
import { formatMoney } from '@/lib/amount';
import { formatDate } from '@/lib/time';
import { BondStatusTag } from './BondStatusTag';

// The ledger's cells, shared by the table's columns and a phone's cards.

type Bond = bondApi.Bond;

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

export function Instrument({ bond }: { bond: Bond }) {
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
export function DueCell({ bond }: { bond: Bond }) {
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

export function StatusCell({ bond }: { bond: Bond }) {
  return (
    <>
      <BondStatusTag bond={bond} />
      <StatusNote bond={bond} />
    </>
  );
}

/** The tender and the lot the bond is posted for. */
export function ProjectCell({ bond }: { bond: Bond }) {
  return (
    <>
      <Typography.Text strong>{bond.tenderTitle}</Typography.Text>
      {/* A one-lot tender's lot bears the tender's name: no 标段 1 repeating the title. */}
      {secondary(
        bond.lotName === bond.tenderTitle
          ? bond.tenderNo
          : `${bond.tenderNo} · ${lotLabel({ lotNo: bond.lotNo, name: bond.lotName })}`,
      )}
    </>
  );
}

export function SupplierCell({ bond }: { bond: Bond }) {
  return (
    <>
      <div>{bond.supplierName}</div>
      <SameAccountTag names={bond.sameAccountAs} />
    </>
  );
}

export const FormCell = ({ bond }: { bond: Bond }) => (
  <span style={{ whiteSpace: 'nowrap' }}>{bondApi.BOND_FORM_LABELS[bond.form]}</span>
);

/** The amount posted, and what the lot asks for under it. */
export function AmountCell({ bond }: { bond: Bond }) {
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(bond.amount)}</span>
      {secondary(`应缴 ${formatMoney(bond.required)}`, true)}
    </>
  );
}

/** Accounts show masked to the last four digits whatever the server sends. */
export function PayerCell({ bond }: { bond: Bond }) {
  return (
    <>
      <div>{bond.payerName}</div>
      {secondary(bondApi.maskAccount(bond.payerAccount), true)}
    </>
  );
}
