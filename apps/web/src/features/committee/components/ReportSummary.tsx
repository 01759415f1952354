import { Descriptions, Space, Table, Tag, Typography } from 'antd';
import { deskApi, reportApi } from '@tender/contracts';
import { formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';

type Report = reportApi.EvaluationReport;
const { REPORT_STATUS_LABELS, INSUFFICIENT_LABELS } = reportApi;
const STATUS_COLORS = { signing: 'processing', final: 'success', returned: 'default' } as const;

/** The report's head: version, status, times, the digest, and a committee's decision on too few bids. */
export function ReportHead({ report }: { report: Report }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        {
          key: 'status',
          label: '状态',
          children: (
            <Space>
              <Tag color={STATUS_COLORS[report.status]}>{REPORT_STATUS_LABELS[report.status]}</Tag>
              第 {report.version} 版
            </Space>
          ),
        },
        { key: 'created', label: '完成评标', children: formatDateTime(report.createdAt) },
        {
          key: 'valid',
          label: '有效投标',
          children: `${report.validCount} 份（开标有效 ${report.openedValid} 份，最少 ${report.minBids} 份）`,
        },
        {
          key: 'final',
          label: '生效时间',
          children: report.finalAt ? formatDateTime(report.finalAt) : '待全体成员签字',
        },
        ...(report.insufficient
          ? [
              {
                key: 'insufficient',
                label: '有效投标不足',
                span: 'filled' as const,
                children: `${INSUFFICIENT_LABELS[report.insufficient.decision]}：${report.insufficient.reason}`,
              },
            ]
          : []),
        ...(report.returnReason
          ? [
              {
                key: 'return',
                label: '退回理由',
                span: 'filled' as const,
                children: report.returnReason,
              },
            ]
          : []),
        {
          key: 'digest',
          label: '报告摘要（SHA-256）',
          span: 'filled',
          children: (
            <Typography.Text copyable className="report-digest">
              {report.digest}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}

/** 排名: each valid bid's price, price score and total, best first. */
export function RankingTable({ report }: { report: Report }) {
  const comprehensive = report.evaluation.method === 'comprehensive';
  return (
    <Table
      rowKey="bidId"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={report.ranking}
      aria-label="评标排名"
      locale={{ emptyText: report.outcome === 'failed' ? '该标段流标，无排名' : '无有效投标' }}
      columns={[
        { title: '排名', dataIndex: 'rank', width: 64 },
        { title: '投标人', dataIndex: 'supplierName' },
        { title: '投标报价', dataIndex: 'price', render: (p: number) => formatMoney(p, 'CNY') },
        ...(comprehensive
          ? [
              {
                title: '价格分',
                dataIndex: 'priceScore',
                render: (s: number | null) => (s === null ? '—' : s.toFixed(2)),
              },
              {
                title: '综合得分',
                dataIndex: 'total',
                render: (s: number | null) => (s === null ? '—' : <b>{s.toFixed(2)}</b>),
              },
            ]
          : []),
        {
          title: '推荐',
          key: 'candidate',
          render: (_: unknown, row: { bidId: number; rank: number }) =>
            report.candidates.some((c) => c.bidId === row.bidId) ? (
              <Tag color="gold">第 {row.rank} 名中标候选人</Tag>
            ) : null,
        },
      ]}
    />
  );
}

/** 否决: each rejected bid with its votes and every member's ground and note. */
export function RejectionList({ report }: { report: Report }) {
  if (!report.rejections.length) return null;
  return (
    <ul className="committee-rules" aria-label="否决投标">
      {report.rejections.map((r) => (
        <li key={r.bidId}>
          <b>{r.supplierName}</b>：{r.votes}/{r.of} 名成员否决 —{' '}
          {r.grounds
            .map((g) => `${deskApi.REJECT_GROUND_LABELS[g.ground]}${g.note ? `（${g.note}）` : ''}`)
            .join('；')}
        </li>
      ))}
    </ul>
  );
}

/** 签字: who agreed, who dissented with the reason, and who has yet to sign. */
export function SignatureList({ report }: { report: Report }) {
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      {report.signatures.map((s) => (
        <div key={s.memberId}>
          <Tag color={s.agree ? 'success' : 'error'}>{s.agree ? '同意' : '不同意'}</Tag>
          {s.name}
          <Typography.Text type="secondary"> · {formatDateTime(s.signedAt)}</Typography.Text>
          {s.dissent && <div className="report-dissent">理由：{s.dissent}</div>}
        </div>
      ))}
      {report.unsigned.length > 0 && (
        <Typography.Text type="secondary">
          待签字：{report.unsigned.map((m) => m.name).join('、')}
        </Typography.Text>
      )}
    </Space>
  );
}
