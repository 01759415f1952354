import { useState } from 'react';
import { Button, Card, Empty, Space } from 'antd';
import { FilePdfOutlined, RollbackOutlined } from '@ant-design/icons';
import type { announcementApi, Lot } from '@tender/contracts';
import { LotTabs } from '@/components/LotTabs';
import { LoadError } from '@/components/LoadError';
import { Access } from '@/hooks/use-access';
import { formatDateTime } from '@/lib/time';
import { useReport } from '../api/get-report';
import { useDownloadReport } from '../api/download-report';
import { CandidatesCard } from './CandidatesCard';
import { ReturnReportModal } from './ReturnReportModal';
import { RankingTable, RejectionList, ReportHead, SignatureList } from './ReportSummary';
import './committee.css';

interface ReportTender {
  id: number;
  tenderNo: string;
  status: string;
  lots?: readonly Lot[];
  /** Managers, committee tenders: each lot with a final report, its candidates and declines. */
  reportCandidates?: readonly announcementApi.ReportCandidates[];
}

/** One lot's latest report with its actions, then its candidates and award once final. */
function LotReport({ tender, lot }: { tender: ReportTender; lot: Lot | undefined }) {
  const several = (tender.lots?.length ?? 0) > 1;
  const lotId = several ? lot?.lotId : undefined;
  const report = useReport(tender.id, lotId);
  const download = useDownloadReport();
  const [returning, setReturning] = useState(false);
  if (report.isError) return <LoadError error={report.error} onRetry={() => report.refetch()} />;
  if (report.data === undefined) return <Card variant="borderless" loading />;
  if (report.data === null)
    return <Empty description="评标尚未完成：组长完成评标后在此生成评标报告" />;
  const r = report.data;
  const awarded = (several ? lot?.status : tender.status) === 'awarded';

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        title="评标报告"
        extra={
          <Space wrap>
            <Button
              icon={<FilePdfOutlined />}
              loading={download.isPending}
              onClick={() =>
                download.mutate({
                  tenderId: tender.id,
                  lotId,
                  tenderNo: tender.tenderNo,
                  lotNo: r.lotNo,
                })
              }
            >
              下载 PDF
            </Button>
            {r.status === 'final' && !awarded && (
              <Access code="tender:return-report">
                <Button danger icon={<RollbackOutlined />} onClick={() => setReturning(true)}>
                  退回评标报告
                </Button>
              </Access>
            )}
          </Space>
        }
      >
        <ReportHead report={r} />
        <RankingTable report={r} />
        <RejectionList report={r} />
      </Card>
      <Card
        size="small"
        title={`签字（${r.signatures.length}/${r.signatures.length + r.unsigned.length}）`}
      >
        <SignatureList report={r} />
      </Card>
      {r.status === 'final' && r.outcome === 'ranked' && (
        <CandidatesCard
          tenderId={tender.id}
          lotId={lotId}
          report={r}
          standing={tender.reportCandidates?.find((c) => c.lotId === r.lotId)}
          awarded={awarded}
        />
      )}
      {r.history.length > 0 && (
        <Card size="small" title="历史版本">
          <ul className="committee-rules">
            {r.history.map((h) => (
              <li key={h.version}>
                第 {h.version} 版{h.returnedAt ? ` · ${formatDateTime(h.returnedAt)} 退回` : ''}
                {h.returnReason ? `：${h.returnReason}` : ''}
              </li>
            ))}
          </ul>
        </Card>
      )}
      <ReturnReportModal
        tenderId={tender.id}
        lotId={lotId}
        open={returning}
        onClose={() => setReturning(false)}
      />
    </Space>
  );
}

/**
 * 评标报告 (a tab of 招标管理详情 for committee tenders): per lot, the latest report's status,
 * ranking, candidates and signatures, the PDF, 退回 (tender:return-report) when final, and the
 * candidates' publicity and award that follow it.
 */
export function ReportTab({ tender }: { tender: ReportTender }) {
  return <LotTabs lots={tender.lots}>{(lot) => <LotReport tender={tender} lot={lot} />}</LotTabs>;
}
