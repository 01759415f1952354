import { useState } from 'react';
import { Button, Card, Empty, Input, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { formatDateTime } from '@/lib/time';
import type { Criterion, DeskBid, MemberSheet, Sheet } from '../api/types';
import { useReopenSheet } from '../api/reopen-sheet';
import { flaggedMembers, outlierCells, outlierHint, outlierKey } from '../sheet/outliers';
import { scoredCriteria } from '../sheet/sheet-draft';
import { CellError, criterionTitle, ReviewText } from './SheetControls';

type Cells = ReturnType<typeof outlierCells>;

/** A member's score, marked red with the others' mean when it is an outlier (the chair's view). */
export function ScoreCell({
  member,
  bidId,
  criterionId,
  score,
  outliers,
}: {
  member: number;
  bidId: number;
  criterionId: number;
  score: number | undefined;
  outliers: Cells;
}) {
  if (score === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  const outlier = outliers.get(outlierKey(member, bidId, criterionId));
  if (!outlier) return <>{score}</>;
  return (
    <Tooltip title={outlierHint(outlier)}>
      <span className="evaluation-outlier" data-outlier="true" tabIndex={0}>
        <WarningFilled style={{ marginRight: 4 }} />
        {score}
      </span>
    </Tooltip>
  );
}

type BidRow = Pick<DeskBid, 'bidId' | 'supplierName'>;

/** One member's review and scores, a row per bid, outliers marked. */
export function MemberSheetTable({
  member,
  bids,
  criteria,
  outliers,
}: {
  member: MemberSheet;
  bids: BidRow[];
  criteria: Criterion[];
  outliers: Cells;
}) {
  const reviewOf = (bidId: number) => member.review.find((r) => r.bidId === bidId);
  const scoreOf = (bidId: number, criterionId: number) =>
    member.scores.find((s) => s.bidId === bidId && s.criterionId === criterionId)?.score;
  return (
    <Table<BidRow>
      rowKey="bidId"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={bids}
      columns={[
        { title: '投标人', dataIndex: 'supplierName', fixed: 'left', width: 160 },
        {
          title: '评审',
          key: 'review',
          render: (_, bid) => <ReviewText review={reviewOf(bid.bidId)} />,
        },
        ...criteria.map((criterion) => ({
          title: criterionTitle(criterion),
          key: `c${criterion.criterionId}`,
          render: (_: unknown, bid: BidRow) => (
            <ScoreCell
              member={member.memberId}
              bidId={bid.bidId}
              criterionId={criterion.criterionId}
              score={scoreOf(bid.bidId, criterion.criterionId)}
              outliers={outliers}
            />
          ),
        })),
      ]}
    />
  );
}

/**
 * After the caller submitted: the other members' submitted sheets. The chair sees every one,
 * outliers marked, and may re-open a member's sheet once, with a reason, before finishing.
 */
export function OtherSheets({ sheet }: { sheet: Sheet }) {
  const outliers = outlierCells(sheet.outliers);
  const flagged = flaggedMembers(sheet.outliers);
  const criteria = scoredCriteria(sheet);
  const [reopening, setReopening] = useState<MemberSheet>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const reopen = useReopenSheet();
  const finished = sheet.report !== null && sheet.report.status !== 'returned';
  const others = sheet.others ?? [];

  const onReopen = async () => {
    if (!reopening) return;
    if (!reason.trim()) return setError('请填写退回理由');
    try {
      await reopen.mutateAsync({
        tenderId: sheet.tenderId,
        lotId: sheet.lotId,
        memberId: reopening.memberId,
        reason: reason.trim(),
      });
      setReopening(undefined);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  if (others.length === 0) return <Empty description="暂无其他委员提交的评分表" />;
  return (
    <>
      {sheet.chair && (sheet.outliers?.length ?? 0) > 0 && (
        <Typography.Paragraph type="danger">
          <WarningFilled /> 标红的分数与其他委员平均分相差超过该项满分的 30%（畸高畸低），
          可将鼠标移至分数上查看其他委员平均分；组长可在完成评标前退回该委员的评分表一次。
        </Typography.Paragraph>
      )}
      {others.map((member) => (
        <Card
          key={member.memberId}
          size="small"
          className="evaluation-bid-card"
          title={
            <>
              {member.name} {member.chair && <Tag color="gold">组长</Tag>}
              {flagged.has(member.memberId) && <Tag color="error">有畸高畸低评分</Tag>}
            </>
          }
          extra={
            <>
              <Typography.Text type="secondary" style={{ marginRight: 8 }}>
                {member.submittedAt ? `提交于 ${formatDateTime(member.submittedAt)}` : '未提交'}
              </Typography.Text>
              {sheet.chair && !finished && member.memberId !== sheet.memberId && (
                <Tooltip
                  title={member.reopenReason ? `已退回过一次：${member.reopenReason}` : undefined}
                >
                  <Button
                    size="small"
                    danger
                    disabled={member.reopenReason !== null || !member.submittedAt}
                    onClick={() => {
                      setReason('');
                      setError(undefined);
                      setReopening(member);
                    }}
                  >
                    退回
                  </Button>
                </Tooltip>
              )}
            </>
          }
        >
          <MemberSheetTable
            member={member}
            bids={sheet.bids}
            criteria={criteria}
            outliers={outliers}
          />
        </Card>
      ))}
      <Modal
        open={reopening !== undefined}
        title={`退回 ${reopening?.name ?? ''} 的评分表`}
        okText="退回"
        okButtonProps={{ danger: true }}
        confirmLoading={reopen.isPending}
        onOk={onReopen}
        onCancel={() => setReopening(undefined)}
      >
        <Typography.Paragraph type="secondary">
          每位委员只能退回一次；退回后该委员需复核并重新提交。
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="退回理由"
          placeholder="退回理由（如：技术方案评分畸高，请复核）"
          value={reason}
          maxLength={500}
          showCount
          status={error ? 'error' : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        <CellError message={error} />
      </Modal>
    </>
  );
}
