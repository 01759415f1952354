import { Button, Card, Descriptions, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  committeeApi,
  CRITERION_KIND_LABELS,
  deskApi,
  lotLabel,
  reportApi,
} from '@tender/contracts';
import { formatDateTime } from '@/lib/time';
import type { EvaluationReport } from '../api/types';
import { downloadReport } from '../api/report';
import { MemberSheetTable } from '../components/OtherSheets';
import { ClarificationList } from '../components/ClarificationList';
import { outlierCells } from '../sheet/outliers';
import { SignReportPanel } from './SignReportPanel';
import { RankingTable, SignatureTable } from './ReportTables';

const METHOD_LABELS = { lowest_price: '经评审的最低投标价法', comprehensive: '综合评估法' };
const FORMULA_LABELS = { lowest_benchmark: '最低价基准', average_benchmark: '平均价基准' };

/**
 * 评标报告: the ranking, each member's scores, the rejections with their grounds, the
 * clarifications, the signatures with their times and the digest; the PDF; the caller's 签字.
 */
export function ReportView({
  report,
  memberId,
}: {
  report: EvaluationReport;
  /** The caller's seat: it signs while it is among `unsigned`. */
  memberId: number;
}) {
  const lot = { tenderId: report.tenderId, lotId: report.lotId };
  const nameOf = (id: number) =>
    report.members.find((m) => m.memberId === id)?.name ?? `成员 ${id}`;
  const outliers = outlierCells(report.outliers);
  const bids = [...report.ranking, ...report.rejections].map((b) => ({
    bidId: b.bidId,
    supplierName: b.supplierName,
  }));
  const toSign =
    report.status === 'signing' && report.unsigned.some((m) => m.memberId === memberId);
  const criteriaText = report.evaluation.criteria
    .map((c) => `${c.name}（${CRITERION_KIND_LABELS[c.kind]}，${c.maxScore} 分）`)
    .join('；');

  return (
    <div className="evaluation-report">
      {toSign && <SignReportPanel lot={lot} />}
      <Card
        size="small"
        title={`评标报告（第 ${report.version} 版）`}
        extra={
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void downloadReport(
                { ...lot, version: report.version },
                `评标报告-${report.tenderNo}-标段${report.lotNo}-第${report.version}版.pdf`,
              ).catch(() => undefined)
            }
          >
            下载 PDF
          </Button>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label="项目">
            {report.tenderNo} {report.tenderTitle}
          </Descriptions.Item>
          <Descriptions.Item label="标段">
            {lotLabel({ lotNo: report.lotNo, name: report.lotName })}
          </Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={report.status === 'final' ? 'success' : 'processing'}>
              {reportApi.REPORT_STATUS_LABELS[report.status]}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="生成时间">
            {formatDateTime(report.createdAt)}
            {report.finalAt && `，${formatDateTime(report.finalAt)} 生效`}
          </Descriptions.Item>
          <Descriptions.Item label="评标办法">
            {METHOD_LABELS[report.evaluation.method]}
            {report.evaluation.method === 'comprehensive' &&
              `；价格分：${FORMULA_LABELS[report.evaluation.priceFormula]}`}
          </Descriptions.Item>
          <Descriptions.Item label="有效投标">
            开标有效 {report.openedValid} 家，评审后有效 {report.validCount} 家（最少{' '}
            {report.minBids} 家）
          </Descriptions.Item>
          {criteriaText && (
            <Descriptions.Item label="评分项" span={2}>
              {criteriaText}
            </Descriptions.Item>
          )}
          {report.insufficient && (
            <Descriptions.Item label="有效投标不足" span={2}>
              {reportApi.INSUFFICIENT_LABELS[report.insufficient.decision]}；理由：
              {report.insufficient.reason}
            </Descriptions.Item>
          )}
          <Descriptions.Item label="摘要（SHA-256）" span={2}>
            <span className="evaluation-digest">{report.digest}</span>
          </Descriptions.Item>
          {report.returnReason && (
            <Descriptions.Item label="退回理由" span={2}>
              {report.returnReason}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>

      <Card size="small" title="评标委员会" className="evaluation-bid-card">
        <Table
          rowKey="memberId"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={report.members}
          columns={[
            {
              title: '姓名',
              key: 'name',
              render: (_, m) => (
                <>
                  {m.name} {m.chair && <Tag color="gold">组长</Tag>}
                </>
              ),
            },
            {
              title: '身份',
              dataIndex: 'kind',
              render: (k: 'expert' | 'representative') => committeeApi.MEMBER_KIND_LABELS[k],
            },
            { title: '工作单位', dataIndex: 'employer' },
            { title: '职称', dataIndex: 'title', render: (t: string | null) => t ?? '—' },
          ]}
        />
      </Card>

      <Card
        size="small"
        title={report.outcome === 'failed' ? '评标结果：流标' : '排名与推荐中标候选人'}
        className="evaluation-bid-card"
      >
        {report.outcome === 'failed' && (
          <Typography.Paragraph type="danger">
            有效投标不足，否决全部投标，该标段流标。
          </Typography.Paragraph>
        )}
        <RankingTable report={report} />
      </Card>

      {report.rejections.length > 0 && (
        <Card size="small" title="否决的投标" className="evaluation-bid-card">
          {report.rejections.map((r) => (
            <div key={r.bidId} style={{ marginBottom: 8 }}>
              <Typography.Text strong>{r.supplierName}</Typography.Text>（{r.of} 名成员中 {r.votes}{' '}
              名否决）
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {r.grounds.map((g, index) => (
                  <li key={index}>
                    {nameOf(g.memberId)}：{deskApi.REJECT_GROUND_LABELS[g.ground]}
                    {g.note && `（${g.note}）`}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </Card>
      )}

      <Card size="small" title="各成员评审与评分" className="evaluation-bid-card">
        {report.sheets.map((sheet) => (
          <div key={sheet.memberId} style={{ marginBottom: 12 }}>
            <Typography.Text strong>{sheet.name}</Typography.Text>
            {sheet.submittedAt && (
              <Typography.Text type="secondary">
                （{formatDateTime(sheet.submittedAt)} 提交）
              </Typography.Text>
            )}
            <MemberSheetTable
              member={sheet}
              bids={bids}
              criteria={
                report.evaluation.method === 'comprehensive'
                  ? report.evaluation.criteria.filter((c) => c.kind !== 'price')
                  : []
              }
              outliers={outliers}
            />
          </div>
        ))}
      </Card>

      <Card size="small" title="评标澄清" className="evaluation-bid-card">
        <ClarificationList clarifications={report.clarifications} />
      </Card>

      <Card size="small" title="签字" className="evaluation-bid-card">
        <SignatureTable report={report} />
      </Card>

      {report.history.length > 0 && (
        <Card size="small" title="历史版本" className="evaluation-bid-card">
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {report.history.map((h) => (
              <li key={h.version}>
                第 {h.version} 版{h.returnedAt && `，${formatDateTime(h.returnedAt)} 退回`}
                {h.returnReason && `：${h.returnReason}`}
                <div className="evaluation-digest">
                  <Typography.Text type="secondary">摘要 {h.digest}</Typography.Text>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
