import {
  Alert,
  Button,
  Descriptions,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { PrinterOutlined } from '@ant-design/icons';
import {
  lotLabel,
  type bidApi,
  type OpeningEntry,
  type OpeningLotSection,
  type OpeningRecord,
} from '@tender/contracts';
import { LotTabs } from '@/components/LotTabs';
import { amountInWords, formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';
import { usePinnedColumns } from '@/hooks/use-pinned-columns';
import { OpeningConfirmations } from './OpeningConfirmations';
import './opening-record.css';

/**
 * Prints the record alone: the body class scopes the print stylesheet to it. `setPrinting`
 * lays every lot out one after the other (no tabs on paper) until the print is done.
 */
function printRecord(setPrinting: (printing: boolean) => void) {
  flushSync(() => setPrinting(true));
  document.body.classList.add('printing-opening-record');
  const done = () => {
    setPrinting(false);
    document.body.classList.remove('printing-opening-record');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

const hex = (text: string | null) =>
  text ? (
    <Typography.Text
      code
      copyable={{ text }}
      className="digest"
      style={{ fontSize: 11, wordBreak: 'break-all' }}
    >
      {text}
    </Typography.Text>
  ) : (
    '—'
  );

const baseColumns: TableColumnsType<OpeningEntry> = [
  { title: '序号', key: 'index', width: 56, render: (_, __, index) => index + 1 },
  { title: '投标人', dataIndex: 'supplierName', width: 180 },
  {
    title: '投标总价',
    key: 'price',
    width: 260,
    render: (_, entry) => (
      <>
        <Typography.Text strong>
          {formatMoney(entry.totalPrice, entry.currency ?? 'CNY')}
        </Typography.Text>
        <div style={{ fontSize: 12 }}>
          大写：{entry.totalPriceInWords ?? (amountInWords(entry.totalPrice) || '—')}
        </div>
      </>
    ),
  },
  {
    title: '交货期',
    dataIndex: 'deliveryDays',
    width: 80,
    render: (days: number | null) => (days === null ? '—' : `${days} 天`),
  },
  {
    title: '质保期',
    dataIndex: 'warrantyMonths',
    width: 80,
    render: (months: number | null) => (months === null ? '—' : `${months} 个月`),
  },
  {
    title: '递交时间 / 版本',
    key: 'submitted',
    width: 170,
    render: (_, entry) => (
      <>
        {formatDateTime(entry.submittedAt)}
        <div>第 {entry.revision} 版</div>
      </>
    ),
  },
  {
    title: '有效性',
    key: 'valid',
    width: 140,
    render: (_, entry) =>
      entry.valid ? (
        <Tag color="success">有效</Tag>
      ) : (
        <>
          <Tag color="error">无效</Tag>
          <div style={{ fontSize: 12 }}>{entry.invalidReason}</div>
        </>
      ),
  },
  {
    title: '回执摘要（SHA-256）/ 随机数（nonce）',
    key: 'digest',
    width: 320,
    render: (_, entry) => (
      <Space direction="vertical" size={2}>
        <span>摘要 {hex(entry.digest)}</span>
        <span>nonce {hex(entry.nonce)}</span>
      </Space>
    ),
  },
];

/** `bidder` mode: when each bidder decrypted, or 解密失败. */
const decryptColumn: TableColumnsType<OpeningEntry>[number] = {
  title: '解密',
  key: 'decrypted',
  width: 130,
  render: (_, entry) =>
    entry.decryptedAt ? (
      <>
        <Tag color="success">已解密</Tag>
        <div style={{ fontSize: 12 }}>{formatDateTime(entry.decryptedAt)}</div>
      </>
    ) : (
      <Tag color="error">解密失败</Tag>
    ),
};

const columnsOf = (record: OpeningRecord) =>
  record.sealMode === 'bidder'
    ? [...baseColumns.slice(0, 2), decryptColumn, ...baseColumns.slice(2)]
    : baseColumns;

/** `bidder` mode: the decryption window as it ran, with the one extension and its reason. */
function decryptionItems(record: OpeningRecord) {
  const ran = record.decryption;
  if (!ran) return [];
  return [
    {
      key: 'window',
      label: '解密时段',
      children: `${formatDateTime(ran.startedAt)} 至 ${formatDateTime(ran.until)}`,
    },
    {
      key: 'extended',
      label: '延长解密',
      children: ran.extendedMinutes
        ? `延长 ${ran.extendedMinutes} 分钟：${ran.extendReason ?? ''}`
        : '未延长',
    },
    {
      key: 'mode',
      label: '密封方式',
      children: '投标人加密（不见面开标）',
    },
  ];
}

/** A lot's (or a one-lot tender's) bids: 流标 when it failed, the count, the entries. */
function LotEntries({
  record,
  section,
  several,
}: {
  record: OpeningRecord;
  section: OpeningLotSection | undefined;
  /** The tender has several lots: this is one of them. */
  several: boolean;
}) {
  const fitToBox = usePinnedColumns();
  const entries = several
    ? record.entries.filter((entry) => entry.lotId === section?.lotId)
    : record.entries;
  const failed = several ? (section?.failed ?? false) : record.failed;
  const validCount = several ? (section?.validCount ?? 0) : record.validCount;
  const minBids = several ? (section?.minBids ?? 0) : record.minBids;
  return (
    <>
      {failed && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={several ? '该标段流标' : '流标'}
          description={
            several
              ? `有效投标 ${validCount} 份，少于该标段最少投标数 ${minBids} 份，该标段流标，可对该标段重新招标；其他标段不受影响。`
              : `有效投标 ${validCount} 份，少于最少投标数 ${minBids} 份，本次招标失败，可重新招标。`
          }
        />
      )}
      {several && (
        <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="lot-bid-count">
          投标 / 有效：{entries.length} 份 / {validCount} 份（最少 {minBids} 份）
        </Typography.Paragraph>
      )}
      <Table<OpeningEntry>
        rowKey="bidId"
        size="small"
        columns={columnsOf(record)}
        dataSource={entries}
        pagination={false}
        // From md up as wide as the page, cells wrapping (the digests within their column), so
        // at 1440 px every column shows; on a phone rows keep one line and scroll sideways.
        scroll={{ x: fitToBox ? true : 'max-content' }}
        tableLayout="auto"
        locale={{ emptyText: '没有投标' }}
      />
    </>
  );
}

/**
 * The opening record as opened, immutable: every bid with its price in figures and in 大写,
 * and the digest and nonce with which each supplier checks its receipt; in `bidder` mode who
 * decrypted and when; then each supplier's confirmation or objection with the manager's answer.
 * Printable on its own. `confirmationAction` adds a control per confirmation (the manager's
 * 答复); `children` goes under the confirmations (the supplier's own confirm form). A tender of
 * several lots shows the header once and a tab per lot (its bids, 流标 for a failed lot);
 * `lotId` picks the tab shown first (a supplier's own lot).
 */
export function OpeningRecordView({
  record,
  confirmationAction,
  children,
  lotId,
}: {
  record: OpeningRecord;
  confirmationAction?: (confirmation: bidApi.OpeningConfirmation) => ReactNode;
  children?: ReactNode;
  lotId?: number;
}) {
  const sections = record.lots ?? [];
  const several = sections.length > 1;
  const [shownLotId, setShownLotId] = useState(
    several && sections.some((section) => section.lotId === lotId) ? lotId : undefined,
  );
  const allFailed = several && record.failed;
  const [printing, setPrinting] = useState(false);
  return (
    <div className="opening-record-print">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          开标记录 · {record.tenderNo} {record.title}
        </Typography.Title>
        <Button
          className="no-print"
          icon={<PrinterOutlined />}
          onClick={() => printRecord(setPrinting)}
        >
          打印开标记录
        </Button>
      </Space>
      {allFailed && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="流标"
          description="各标段有效投标均不足，全部标段流标，可重新招标。"
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 12 }}
        // Short labels on one line: a wrapped 开标时/间 reads as a broken word.
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={[
          { key: 'openedAt', label: '开标时间', children: formatDateTime(record.openedAt) },
          { key: 'openedBy', label: '开标人', children: record.openedByName },
          several
            ? {
                key: 'lots',
                label: '标段',
                children: `${sections.length} 个（流标 ${sections.filter((s) => s.failed).length} 个）`,
              }
            : {
                key: 'count',
                label: '投标 / 有效',
                children: `${record.entries.length} 份 / ${record.validCount} 份（最少 ${record.minBids} 份）`,
              },
          ...decryptionItems(record),
        ]}
      />
      {several && printing ? (
        sections.map((section) => (
          <section key={section.lotId} style={{ marginBottom: 16 }}>
            <Typography.Title level={5}>
              {lotLabel(section)}
              {section.failed && '（流标）'}
            </Typography.Title>
            <LotEntries record={record} section={section} several />
          </section>
        ))
      ) : (
        <LotTabs
          lots={sections.map((section) => ({
            ...section,
            status: section.failed ? ('failed' as const) : undefined,
          }))}
          activeLotId={shownLotId}
          onChange={setShownLotId}
        >
          {(section) => <LotEntries record={record} section={section} several={several} />}
        </LotTabs>
      )}
      {record.sealMode === 'bidder' ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
          核验方法：投标人加密模式的回执摘要是对所提交密文信封（键名排序的 JSON，含附件密文的
          SHA-256 和上表公布的 nonce）的
          SHA-256，不含任何明文；各投标人解密时服务器已重新计算并核验摘要。本记录生成后不可修改。
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
          核验方法：投标人取本公司该版报价的规范文本（键名排序的
          JSON，金额保留两位小数，含上表公布的 nonce），运行{' '}
          <Typography.Text code>{"printf '%s' '<规范文本>' | sha256sum"}</Typography.Text>
          ，结果应与回执摘要及上表摘要一致。本记录生成后不可修改。
        </Typography.Paragraph>
      )}
      <OpeningConfirmations record={record} action={confirmationAction} />
      {children}
    </div>
  );
}
