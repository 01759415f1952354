import {
  Alert,
  Button,
  Card,
  Empty,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { SameAccountAlert } from '@/components/SameAccountAlert';
import { DownloadOutlined, TrophyOutlined, WarningOutlined } from '@ant-design/icons';
import { downloadFile } from '@/lib/file-download';
import { LoadError } from '@/components/LoadError';
import { formatMoney } from '@/lib/amount';
import {
  useBidComparison,
  type CollusionWarning,
  type ComparedBid,
} from '@/hooks/use-bid-comparison';
import { PriceChart } from './PriceChart';
import type { Lot } from '@tender/contracts';
import { LotTabs } from '@/components/LotTabs';
import { formatDeviation, isOpened, type TenderRef } from './tender-ref';

const WARNING_TITLES: Record<CollusionWarning['kind'], string> = {
  'same-ip': '相同 IP 地址',
  'same-browser': '相同浏览器',
  'same-file': '相同附件文件',
  'same-price': '报价相同',
};

function deviationText(percent: number | null) {
  const text = formatDeviation(percent);
  const type =
    percent === null ? undefined : percent > 0 ? 'danger' : percent < 0 ? 'success' : undefined;
  return <Typography.Text type={type}>{text}</Typography.Text>;
}

function columnsOf(
  warned: Map<number, string[]>,
  winner: number | null,
): TableColumnsType<ComparedBid> {
  return [
    { title: '排名', dataIndex: 'rank', width: 64, render: (rank: number | null) => rank ?? '—' },
    {
      title: '投标人',
      key: 'supplier',
      render: (_, bid) => (
        <Space size={4} wrap>
          {bid.supplierName}
          {bid.bidId === winner && (
            <Tag color="gold" icon={<TrophyOutlined />}>
              中标
            </Tag>
          )}
          {warned.has(bid.bidId) && (
            <Tooltip title={warned.get(bid.bidId)!.join('；')}>
              <Tag color="warning" icon={<WarningOutlined />}>
                预警
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '投标总价',
      key: 'price',
      align: 'right',
      render: (_, bid) => formatMoney(bid.totalPrice, bid.currency ?? 'CNY'),
    },
    {
      title: '偏离预算',
      dataIndex: 'deviationFromBudget',
      align: 'right',
      render: deviationText,
    },
    {
      title: '偏离最低价',
      dataIndex: 'deviationFromLowest',
      align: 'right',
      render: deviationText,
    },
    {
      title: '交货期',
      dataIndex: 'deliveryDays',
      render: (days: number | null) => (days === null ? '—' : `${days} 天`),
    },
    {
      title: '质保期',
      dataIndex: 'warrantyMonths',
      render: (months: number | null) => (months === null ? '—' : `${months} 个月`),
    },
    {
      title: '有效性',
      key: 'valid',
      render: (_, bid) =>
        bid.valid ? (
          <Tag color="success">有效</Tag>
        ) : (
          <Tooltip title={bid.invalidReason}>
            <Tag color="error">无效</Tag>
          </Tooltip>
        ),
    },
    { title: '来源 IP', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
    {
      title: '附件',
      key: 'files',
      // Opened bids' files are the evaluators' to read: each name downloads its file.
      render: (_, bid) =>
        bid.files.length ? (
          <Space orientation="vertical" size={0}>
            {bid.files.map((file) => (
              <Button
                key={file.id}
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={() => void downloadFile(file.id, file.name).catch(() => undefined)}
              >
                {file.name}
              </Button>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
  ];
}

/**
 * 比价: the opened bids side by side with their deviations from the budget and the lowest valid
 * price, collusion warnings first, and the price chart (ECharts, loaded with this tab only). A
 * tender of several lots compares each lot on its own tab.
 */
export function ComparisonTab({ tender }: { tender: TenderRef }) {
  if (!isOpened(tender)) return <Empty description="开标后可比较各投标的报价" />;
  return (
    <LotTabs lots={tender.lots}>{(lot) => <LotComparison tender={tender} lot={lot} />}</LotTabs>
  );
}

/** One lot's comparison (a one-lot tender's: `lot` may be left out). */
function LotComparison({ tender, lot }: { tender: TenderRef; lot: Lot | undefined }) {
  const several = (tender.lots?.length ?? 0) > 1;
  const comparison = useBidComparison(tender.id, true, several ? lot?.lotId : undefined);
  if (comparison.isError)
    return <LoadError error={comparison.error} onRetry={() => comparison.refetch()} />;
  if (!comparison.data) return <Card variant="borderless" loading />;

  const { bids, warnings, budget, award } = comparison.data;
  const warned = new Map<number, string[]>();
  for (const warning of warnings)
    for (const bidId of warning.bidIds)
      warned.set(bidId, [...(warned.get(bidId) ?? []), warning.message]);
  const sorted = [...bids].sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {several && lot?.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          title="该标段流标"
          description="有效投标不足该标段的最少投标数，该标段不能定标，可对该标段重新招标。"
        />
      )}
      <SameAccountAlert warnings={comparison.data.sameAccountWarnings} />
      {warnings.length > 0 && (
        <Space
          direction="vertical"
          size={8}
          style={{ width: '100%' }}
          data-testid="collusion-warnings"
        >
          {warnings.map((warning) => (
            <Alert
              key={`${warning.kind}-${warning.bidIds.join('-')}`}
              type="warning"
              showIcon
              title={`围标串标预警：${WARNING_TITLES[warning.kind]}`}
              description={warning.message}
            />
          ))}
        </Space>
      )}
      <Table<ComparedBid>
        rowKey="bidId"
        size="middle"
        columns={columnsOf(warned, award?.bidId ?? null)}
        dataSource={sorted}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '没有开启的投标' }}
      />
      <Card
        size="small"
        title={`报价对比（${several ? '标段预算' : '预算'} ${formatMoney(budget, tender.currency)}）`}
      >
        {bids.some((bid) => bid.totalPrice !== null) ? (
          <PriceChart bids={sorted} budget={budget} />
        ) : (
          <Empty description="没有可比较的报价" />
        )}
      </Card>
    </Space>
  );
}
