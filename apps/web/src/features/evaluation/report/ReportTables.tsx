import { Table, Tag } from 'antd';
import { formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';
import type { EvaluationReport } from '../api/types';

type Ranking = EvaluationReport['ranking'][number];

/** The ranking: each criterion's mean, the price score and the total; the candidates marked. */
export function RankingTable({ report }: { report: EvaluationReport }) {
  const candidates = new Set(report.candidates.map((c) => c.bidId));
  const criteria = report.evaluation.criteria.filter((c) => c.kind !== 'price');
  const comprehensive = report.evaluation.method === 'comprehensive';
  return (
    <Table<Ranking>
      rowKey="bidId"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={report.ranking}
      columns={[
        { title: '排名', dataIndex: 'rank', width: 60 },
        {
          title: '投标人',
          key: 'supplier',
          render: (_, row) => (
            <>
              {row.supplierName} {candidates.has(row.bidId) && <Tag color="gold">推荐候选人</Tag>}
            </>
          ),
        },
        {
          title: '投标报价',
          dataIndex: 'price',
          align: 'right',
          render: (p: number) => formatMoney(p),
        },
        ...(comprehensive
          ? [
              ...criteria.map((criterion) => ({
                title: `${criterion.name}（均分）`,
                key: `c${criterion.criterionId}`,
                align: 'right' as const,
                render: (_: unknown, row: Ranking) =>
                  row.scores.find((s) => s.criterionId === criterion.criterionId)?.score ?? '—',
              })),
              { title: '价格分', dataIndex: 'priceScore', align: 'right' as const },
              { title: '总分', dataIndex: 'total', align: 'right' as const },
            ]
          : []),
      ]}
    />
  );
}

/** Who signed, agreeing or not (with the reason), and when; who has yet to sign. */
export function SignatureTable({ report }: { report: EvaluationReport }) {
  return (
    <Table
      rowKey="memberId"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={[
        ...report.signatures,
        ...report.unsigned.map((m) => ({ ...m, agree: null, dissent: null, signedAt: null })),
      ]}
      columns={[
        { title: '成员', dataIndex: 'name' },
        {
          title: '意见',
          key: 'agree',
          render: (_, s) =>
            s.agree === null ? (
              <Tag>待签字</Tag>
            ) : s.agree ? (
              <Tag color="success">同意</Tag>
            ) : (
              <>
                <Tag color="error">不同意</Tag>
                {s.dissent}
              </>
            ),
        },
        {
          title: '签字时间',
          dataIndex: 'signedAt',
          render: (at: string | null) => (at ? formatDateTime(at) : '—'),
        },
      ]}
    />
  );
}
