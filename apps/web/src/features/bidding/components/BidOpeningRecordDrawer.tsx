import { useState } from 'react';
import { Alert, Button, Card, Drawer, Grid, Input, Radio, Space, Typography } from 'antd';
import type { BiddableTender, MyBid, OpeningRecord } from '@tender/contracts';
import { LoadError } from '@/components/LoadError';
import { useServerNow } from '@/components/Countdown';
import { OpeningRecordView } from '@/components/opening-record/OpeningRecordView';
import { formatDateTime } from '@/lib/time';
import { useConfirmOpeningRecord } from '../api/confirm-opening-record';
import { useOpeningRecord } from '@/hooks/use-opening-record';
import { useFeedback } from '@/lib/feedback';

/** The supplier's own line of the record: its bid id names it. */
const ownSupplierId = (record: OpeningRecord, bid: MyBid) =>
  record.entries.find((entry) => entry.bidId === bid.bidId)?.supplierId;

/** 确认开标记录: agree, or object with a text; once, before confirmUntil. */
function ConfirmRecordForm({ tenderId }: { tenderId: number }) {
  const { message } = useFeedback();
  const confirm = useConfirmOpeningRecord(tenderId);
  const [agree, setAgree] = useState(true);
  const [objection, setObjection] = useState('');
  const missing = !agree && !objection.trim();

  return (
    <Card size="small" title="确认开标记录" style={{ marginTop: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group
          value={agree}
          onChange={(event) => setAgree(event.target.value as boolean)}
          options={[
            { value: true, label: '确认开标记录无误' },
            { value: false, label: '对开标记录有异议' },
          ]}
        />
        {!agree && (
          <Input.TextArea
            aria-label="异议内容"
            rows={3}
            maxLength={2000}
            showCount
            value={objection}
            onChange={(event) => setObjection(event.target.value)}
            placeholder="请写明对开标记录哪一项有异议及理由，招标方将当场答复"
          />
        )}
        <Button
          type="primary"
          danger={!agree}
          disabled={missing}
          loading={confirm.isPending}
          onClick={() =>
            confirm.mutateAsync({ agree, objection: agree ? undefined : objection.trim() }).then(
              () => message.success(agree ? '已确认开标记录' : '异议已提交，请等待招标方答复'),
              () => undefined,
            )
          }
        >
          {agree ? '确认' : '提交异议'}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          确认或异议提交后不能修改，并作为开标记录的一部分保存。
        </Typography.Text>
      </Space>
    </Card>
  );
}

/**
 * The opening record as the supplier sees it, with its own confirmation: the form while the
 * confirmation time runs and it has not answered, else what it said and the manager's answer.
 */
export function BidOpeningRecordDrawer({
  tender,
  bid,
  onClose,
}: {
  tender: BiddableTender;
  bid: MyBid;
  onClose: () => void;
}) {
  const record = useOpeningRecord(tender.id);
  const now = useServerNow();
  const { md } = Grid.useBreakpoint();
  const data = record.data;
  const supplierId = data && ownSupplierId(data, bid);
  const mine = data?.confirmations.find((c) => c.supplierId === supplierId);
  const open = data && Date.parse(data.confirmUntil) > now;

  return (
    <Drawer open width={md === false ? '100%' : 1100} title="开标记录" onClose={onClose}>
      {record.isError && <LoadError error={record.error} onRetry={() => record.refetch()} />}
      {!data && !record.isError && <Card variant="borderless" loading />}
      {data && (
        <OpeningRecordView record={data} lotId={bid.lotId}>
          {mine ? (
            <Alert
              style={{ marginTop: 16 }}
              type={mine.agree ? 'success' : mine.answer ? 'info' : 'warning'}
              showIcon
              title={
                mine.agree
                  ? `贵公司已于 ${formatDateTime(mine.confirmedAt)} 确认开标记录`
                  : `贵公司已于 ${formatDateTime(mine.confirmedAt)} 提出异议`
              }
              description={
                mine.agree
                  ? undefined
                  : mine.answer
                    ? `招标方答复：${mine.answer}`
                    : '等待招标方答复。'
              }
            />
          ) : open && supplierId !== undefined ? (
            <ConfirmRecordForm tenderId={tender.id} />
          ) : null}
        </OpeningRecordView>
      )}
    </Drawer>
  );
}
