import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Result, Tooltip, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { Countdown, useServerNow } from '@/components/Countdown';
import { LoadError } from '@/components/LoadError';
import { formatMoney } from '@/lib/amount';
import { Access } from '@/hooks/use-access';
import { formatDateTime } from '@/lib/time';
import { useBidComparison } from '@/hooks/use-bid-comparison';
import { AwardModal } from './AwardModal';
import { lotLabel, type Lot } from '@tender/contracts';
import { LotTabs } from '@/components/LotTabs';
import { isOpened, type TenderRef } from './tender-ref';

/**
 * 定标: the award once made; before it, the valid bids and 定标 (power tender:award), disabled
 * with the server's reason while the award would be refused (the publicity, an unanswered
 * objection); a publicity's end enables it on the server's clock. A tender of several lots is
 * awarded lot by lot, a tab each; a failed lot's tab says so and offers nothing.
 */
export function AwardTab({ tender, onAwarded }: { tender: TenderRef; onAwarded?: () => unknown }) {
  if (!isOpened(tender)) return <Empty description="开标后方可定标" />;
  return (
    <LotTabs lots={tender.lots}>
      {(lot) => <LotAward tender={tender} lot={lot} onAwarded={onAwarded} />}
    </LotTabs>
  );
}

/** One lot's award (a one-lot tender's: `lot` may be left out). */
function LotAward({
  tender,
  lot,
  onAwarded,
}: {
  tender: TenderRef;
  lot: Lot | undefined;
  onAwarded?: () => unknown;
}) {
  const [awarding, setAwarding] = useState(false);
  const several = (tender.lots?.length ?? 0) > 1;
  const lotId = several ? lot?.lotId : undefined;
  const comparison = useBidComparison(tender.id, true, lotId);
  const now = useServerNow(5_000);
  if (several && lot?.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title="该标段流标"
        description="有效投标不足该标段的最少投标数，该标段不能定标，可对该标段重新招标。"
      />
    );
  if (comparison.isError)
    return <LoadError error={comparison.error} onRetry={() => comparison.refetch()} />;
  if (!comparison.data) return <Card variant="borderless" loading />;

  const { bids, award } = comparison.data;
  if (award) {
    const winner = bids.find((bid) => bid.bidId === award.bidId);
    return (
      <Result
        status="success"
        icon={<TrophyOutlined />}
        title={`已定标：${winner?.supplierName ?? `投标 #${award.bidId}`}`}
        subTitle={winner && `中标价 ${formatMoney(winner.totalPrice, winner.currency ?? 'CNY')}`}
      >
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'time', label: '定标时间', children: formatDateTime(award.awardedAt) },
            { key: 'reason', label: '定标理由', children: award.reason },
          ]}
        />
      </Result>
    );
  }
  if (tender.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title="流标"
        description="有效投标不足，本招标不能定标，可重新招标。"
      />
    );

  const valid = bids
    .filter((bid) => bid.valid && bid.status === 'opened')
    .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity));
  const { awardBlockedReason, awardableFrom } = comparison.data;
  const lifted = awardableFrom !== null && Date.parse(awardableFrom) <= now;
  const blocked = lifted ? null : awardBlockedReason;
  return (
    <Card variant="borderless">
      {blocked && valid.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="award-blocked"
          title="暂不能定标"
          action={<Link to={`?id=${tender.id}&tab=publicity`}>公示与异议</Link>}
          description={
            <>
              {blocked}
              {awardableFrom && (
                <>
                  {' '}
                  <Countdown
                    deadline={awardableFrom}
                    prefix="距公示期结束 "
                    doneText="公示期已结束"
                  />
                </>
              )}
            </>
          }
        />
      )}
      <Result
        icon={<TrophyOutlined />}
        title="待定标"
        subTitle={
          valid.length
            ? `共 ${valid.length} 份有效投标，最低有效报价为 ${valid[0]!.supplierName} 的 ${formatMoney(valid[0]!.totalPrice, valid[0]!.currency ?? 'CNY')}。`
            : '没有可定标的有效投标。'
        }
        extra={
          <Access
            code="tender:award"
            fallback={<Typography.Text type="secondary">定标由招标管理员操作</Typography.Text>}
          >
            <Tooltip title={blocked}>
              <Button
                type="primary"
                disabled={!valid.length || Boolean(blocked)}
                onClick={() => setAwarding(true)}
              >
                定标
              </Button>
            </Tooltip>
          </Access>
        }
      />
      {awarding && (
        <AwardModal
          tenderId={tender.id}
          lotId={lotId}
          lotName={several && lot ? lotLabel(lot) : undefined}
          bids={valid}
          onClose={() => setAwarding(false)}
          onAwarded={onAwarded}
        />
      )}
    </Card>
  );
}
