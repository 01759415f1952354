import { Button, Card, Grid, Table, Typography, type TableColumnsType } from 'antd';
import type { Criterion, DeskBid, Sheet } from '../api/types';
import { cellKey, scoreKey, type ReviewDraft, type SheetDraft } from '../sheet/sheet-draft';
import { BidFacts } from './BidFacts';
import { criterionTitle, ReviewControl, ReviewText, ScoreInput } from './SheetControls';

interface Props {
  sheet: Pick<Sheet, 'bids' | 'evaluation'>;
  draft: SheetDraft;
  editable: boolean;
  errors: Record<string, string>;
  onReview: (bidId: number, review: ReviewDraft) => void;
  onScore: (bidId: number, criterionId: number, score: number | null) => void;
  /** 发起澄清 on a bid (before the report). */
  onAsk?: (bidId: number) => void;
}

const FORMULA = <Typography.Text type="secondary">按公式计算</Typography.Text>;

/**
 * The lot's bids, one row each (a card each on a phone): what each offers beside the member's
 * review and scores. Scores are asked only of passed bids, and never for price (the formula).
 */
export function BidSheetTable(props: Props) {
  const { md } = Grid.useBreakpoint();
  const criteria =
    props.sheet.evaluation.method === 'comprehensive' ? props.sheet.evaluation.criteria : [];
  const reviewOf = (bid: DeskBid) => {
    const review = props.draft.review[bid.bidId];
    return props.editable ? (
      <ReviewControl
        supplierName={bid.supplierName}
        review={review}
        onChange={(next) => props.onReview(bid.bidId, next)}
        errors={{
          review: props.errors[cellKey({ kind: 'review', bidId: bid.bidId })],
          ground: props.errors[cellKey({ kind: 'ground', bidId: bid.bidId })],
          note: props.errors[cellKey({ kind: 'note', bidId: bid.bidId })],
        }}
      />
    ) : (
      <ReviewText review={review} />
    );
  };
  const scoreOf = (bid: DeskBid, criterion: Criterion) => {
    if (criterion.kind === 'price') return FORMULA;
    const pass = props.draft.review[bid.bidId]?.pass;
    if (pass !== true)
      return (
        <Typography.Text type="secondary">
          {pass === false ? '已否决，不评分' : props.editable ? '通过后评分' : '—'}
        </Typography.Text>
      );
    const value = props.draft.scores[scoreKey(bid.bidId, criterion.criterionId)];
    if (!props.editable) return value ?? <Typography.Text type="secondary">未评分</Typography.Text>;
    return (
      <ScoreInput
        supplierName={bid.supplierName}
        criterion={criterion}
        value={value}
        onChange={(score) => props.onScore(bid.bidId, criterion.criterionId, score)}
        error={
          props.errors[
            cellKey({ kind: 'score', bidId: bid.bidId, criterionId: criterion.criterionId })
          ]
        }
      />
    );
  };

  const askOf = (bid: DeskBid) =>
    props.onAsk && (
      <Button
        size="small"
        type="link"
        style={{ paddingInline: 0 }}
        onClick={() => props.onAsk!(bid.bidId)}
      >
        发起澄清
      </Button>
    );

  if (md === false)
    return (
      <>
        {props.sheet.bids.map((bid) => (
          <Card
            key={bid.bidId}
            size="small"
            title={bid.supplierName}
            className="evaluation-bid-card"
          >
            <BidFacts bid={bid} />
            {askOf(bid)}
            <Typography.Title level={5} style={{ marginTop: 12 }}>
              评审
            </Typography.Title>
            {reviewOf(bid)}
            {criteria.map((criterion) => (
              <div key={criterion.criterionId} style={{ marginTop: 8 }}>
                <div>{criterionTitle(criterion)}</div>
                {scoreOf(bid, criterion)}
              </div>
            ))}
          </Card>
        ))}
      </>
    );

  const columns: TableColumnsType<DeskBid> = [
    {
      title: '投标人',
      key: 'bid',
      fixed: 'left',
      width: 260,
      render: (_, bid) => (
        <>
          <Typography.Text strong>{bid.supplierName}</Typography.Text>
          <BidFacts bid={bid} />
          {askOf(bid)}
        </>
      ),
    },
    { title: '评审', key: 'review', width: 260, render: (_, bid) => reviewOf(bid) },
    ...criteria.map((criterion) => ({
      title: criterionTitle(criterion),
      key: `c${criterion.criterionId}`,
      width: 140,
      render: (_: unknown, bid: DeskBid) => scoreOf(bid, criterion),
    })),
  ];
  return (
    <Table<DeskBid>
      rowKey="bidId"
      size="middle"
      columns={columns}
      dataSource={props.sheet.bids}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
