import { useState } from 'react';
import dayjs from 'dayjs';
import { Alert, Button, Card, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { NotificationOutlined, StopOutlined, TrophyOutlined } from '@ant-design/icons';
import { announcementApi, type reportApi } from '@tender/contracts';
import { Countdown } from '@/components/Countdown';
import { formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';
import { useAccess } from '@/hooks/use-access';
import { AwardCandidateModal } from './AwardCandidateModal';
import { DeclineCandidateModal } from './DeclineCandidateModal';
import { PublishReportCandidatesModal } from './PublishReportCandidatesModal';
import { firstStanding } from './committee-rules';

type Ranked = reportApi.ReportRanking;
type Standing = announcementApi.ReportCandidates;
type Decline = announcementApi.ReportCandidates['candidates'][number]['declined'];
const { CANDIDATE_PUBLISH_DAYS, DECLINE_GROUND_LABELS } = announcementApi;

function DeclinedTag({ decline }: { decline: NonNullable<Decline> }) {
  return (
    <Tooltip
      title={`${DECLINE_GROUND_LABELS[decline.ground]}：${decline.reason}（${formatDateTime(decline.declinedAt)}）`}
    >
      <Tag color="error">已取消资格 · {DECLINE_GROUND_LABELS[decline.ground]}</Tag>
    </Tooltip>
  );
}

/**
 * 中标候选人与定标 for a committee tender's lot with a final report: the report's candidates in
 * its order, the three-day limit to publish them, 取消资格 with a lawful ground, and 定标 to the
 * first candidate not declined (R 55).
 */
export function CandidatesCard({
  tenderId,
  lotId,
  report,
  standing,
  awarded,
}: {
  tenderId: number;
  lotId?: number;
  report: reportApi.EvaluationReport;
  /** The server's view of the lot's candidates (the tender detail's reportCandidates). */
  standing: Standing | undefined;
  awarded: boolean;
}) {
  const { can } = useAccess();
  const [publishing, setPublishing] = useState(false);
  const [declining, setDeclining] = useState<Ranked>();
  const [awarding, setAwarding] = useState<Ranked>();
  const declines = new Map(
    (standing?.candidates ?? []).flatMap((c) => (c.declined ? [[c.bidId, c.declined]] : [])),
  );
  const next = standing
    ? report.candidates.find((c) => c.bidId === standing.nextBidId)
    : firstStanding(report.candidates, new Set(declines.keys()));
  const due =
    standing?.candidatesDueAt ??
    (report.finalAt
      ? dayjs(report.finalAt).add(CANDIDATE_PUBLISH_DAYS, 'day').toISOString()
      : null);
  const publishedAt = standing?.candidatesPublishedAt ?? null;
  const canAward = can('tender:award') && !awarded;

  return (
    <Card
      size="small"
      title="中标候选人与定标"
      extra={
        canAward &&
        !publishedAt && (
          <Button
            icon={<NotificationOutlined />}
            disabled={!report.candidates.length}
            onClick={() => setPublishing(true)}
          >
            发布候选人公示
          </Button>
        )
      }
    >
      {publishedAt ? (
        <Typography.Paragraph type="secondary">
          中标候选人公示已于 {formatDateTime(publishedAt)} 发布
          {standing?.candidatesOverdue ? '（超过评标报告生效后 3 日的期限）' : ''}。
        </Typography.Paragraph>
      ) : (
        due &&
        !awarded && (
          <Alert
            type={standing?.candidatesOverdue ? 'error' : 'warning'}
            showIcon
            style={{ marginBottom: 12 }}
            title={
              <Space wrap>
                <span>
                  评标报告于 {formatDateTime(report.finalAt)} 生效，应在 {formatDateTime(due)}{' '}
                  前公示中标候选人（实施条例第五十四条）
                </span>
                <Countdown deadline={due} prefix="剩 " doneText="已超过公示期限" />
              </Space>
            }
          />
        )
      )}
      <Table<Ranked>
        rowKey="bidId"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={report.candidates}
        aria-label="中标候选人"
        locale={{ emptyText: '评标报告未推荐中标候选人' }}
        columns={[
          { title: '排名', dataIndex: 'rank', width: 64 },
          { title: '投标人', dataIndex: 'supplierName' },
          { title: '投标报价', dataIndex: 'price', render: (p: number) => formatMoney(p, 'CNY') },
          {
            title: '综合得分',
            dataIndex: 'total',
            render: (t: number | null) => (t === null ? '—' : t.toFixed(2)),
          },
          {
            title: '状态',
            key: 'state',
            render: (_, c) => {
              const decline = declines.get(c.bidId);
              return decline ? (
                <DeclinedTag decline={decline} />
              ) : c.bidId === next?.bidId ? (
                <Tag color="success">{awarded ? '—' : '定标对象'}</Tag>
              ) : (
                <Tag>候补</Tag>
              );
            },
          },
          ...(canAward
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  render: (_: unknown, c: Ranked) =>
                    !declines.has(c.bidId) && (
                      <Space size={0}>
                        {c.bidId === next?.bidId && (
                          <Button
                            type="link"
                            size="small"
                            icon={<TrophyOutlined />}
                            onClick={() => setAwarding(c)}
                          >
                            定标
                          </Button>
                        )}
                        <Button
                          type="link"
                          size="small"
                          danger
                          icon={<StopOutlined />}
                          onClick={() => setDeclining(c)}
                        >
                          取消资格
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      {!next && report.candidates.length > 0 && (
        <Typography.Paragraph type="danger" style={{ marginTop: 8 }}>
          全部中标候选人均已取消资格，可重新招标。
        </Typography.Paragraph>
      )}
      <PublishReportCandidatesModal
        tenderId={tenderId}
        lotId={lotId}
        candidates={report.candidates}
        open={publishing}
        onClose={() => setPublishing(false)}
      />
      <DeclineCandidateModal
        tenderId={tenderId}
        lotId={lotId}
        candidate={declining}
        onClose={() => setDeclining(undefined)}
      />
      <AwardCandidateModal
        tenderId={tenderId}
        lotId={lotId}
        candidate={awarding}
        onClose={() => setAwarding(undefined)}
      />
    </Card>
  );
}
