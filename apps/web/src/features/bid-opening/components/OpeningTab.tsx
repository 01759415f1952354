import { Alert, Button, Card, Empty, Popconfirm, Result, Space, Typography } from 'antd';
import { UnlockOutlined } from '@ant-design/icons';
import { Countdown, useServerNow } from '@/components/Countdown';
import { LoadError } from '@/components/LoadError';
import { Access } from '@/hooks/use-access';
import { formatDateTime } from '@/lib/time';
import { useOpeningRecord } from '@/hooks/use-opening-record';
import { useOpenBids } from '../api/open-bids';
import { OpeningRecordView } from '@/components/opening-record/OpeningRecordView';
import { AnswerObjectionButton } from './AnswerObjectionButton';
import { CeremonyConsole } from './CeremonyConsole';
import { isOpened, type TenderRef } from './tender-ref';
import { useFeedback } from '@/lib/feedback';

/**
 * 开标: a countdown to the opening on the server's clock; from then on 开标 (power tender:open).
 * `server` mode decrypts every live bid at once and shows the record; `bidder` mode starts the
 * decryption window and shows the live console until the manager finishes the opening. The
 * record then carries each supplier's confirmation or objection, answered from here.
 * `onOpened` refreshes the tender (its status changes).
 */
export function OpeningTab({ tender, onOpened }: { tender: TenderRef; onOpened?: () => unknown }) {
  const { message } = useFeedback();
  const now = useServerNow();
  const opened = isOpened(tender);
  const record = useOpeningRecord(tender.id, opened);
  const openBids = useOpenBids(tender.id, onOpened);
  const due = Date.parse(tender.openingAt) <= now;
  const bidderMode = tender.sealMode === 'bidder';
  // A record set by 开标 or 结束解密 shows at once, before the tender's status refreshes.
  const shown = record.data;

  if (shown)
    return (
      <OpeningRecordView
        record={shown}
        confirmationAction={(c) => <AnswerObjectionButton tenderId={tender.id} confirmation={c} />}
      />
    );
  if (opened) {
    if (record.isError) return <LoadError error={record.error} onRetry={() => record.refetch()} />;
    return <Card variant="borderless" loading />;
  }
  if (bidderMode && (tender.status === 'opening' || openBids.isSuccess))
    return <CeremonyConsole tender={tender} onChanged={onOpened} />;
  if (tender.status === 'draft' || tender.status === 'cancelled')
    return <Empty description="本招标未进入开标阶段" />;

  return (
    <Card variant="borderless">
      <Result
        icon={<UnlockOutlined />}
        title={due ? '已到开标时间' : '等待开标'}
        subTitle={
          <Space direction="vertical" size={4}>
            <span>开标时间：{formatDateTime(tender.openingAt)}（以服务器时间为准）</span>
            {!due && (
              <Typography.Text style={{ fontSize: 20 }} data-testid="opening-countdown">
                <Countdown deadline={tender.openingAt} prefix="距开标 " doneText="已到开标时间" />
              </Typography.Text>
            )}
          </Space>
        }
        extra={
          <Access
            code="tender:open"
            fallback={<Typography.Text type="secondary">开标由招标管理员操作</Typography.Text>}
          >
            <Popconfirm
              title="确认开标？"
              description={
                bidderMode
                  ? '开标后进入解密时段：各投标人须在解密时限内在各自浏览器中解密投标，逾期未解密的投标无效。'
                  : '开标将一次性解密全部有效投标并生成不可修改的开标记录。'
              }
              okText="开标"
              cancelText="取消"
              disabled={!due}
              onConfirm={() =>
                openBids.mutateAsync().then(
                  () => message.success(bidderMode ? '已开始解密，等待投标人解密' : '开标完成'),
                  () => undefined,
                )
              }
            >
              <Button
                type="primary"
                size="large"
                icon={<UnlockOutlined />}
                disabled={!due}
                loading={openBids.isPending}
              >
                {bidderMode ? '开标（开始解密）' : '开标'}
              </Button>
            </Popconfirm>
          </Access>
        }
      />
      {!due && (
        <Alert
          type="info"
          showIcon
          title="开标前所有报价保持加密"
          description={
            bidderMode
              ? '本项目为投标人加密（不见面开标）：报价由投标人在其浏览器中加密，平台也无法读取；开标后由各投标人在解密时限内自行解密，再生成开标记录。'
              : '开标时间到达前无法开标；开标后全部投标同时解密，并公布每份投标的摘要与随机数供投标人核验。'
          }
        />
      )}
    </Card>
  );
}
