import { Alert, App, Button, Card, Empty, Popconfirm, Result, Space, Typography } from 'antd';
import { UnlockOutlined } from '@ant-design/icons';
import { Countdown, useServerNow } from '@/components/Countdown';
import { LoadError } from '@/components/LoadError';
import { Access } from '@/lib/permissions';
import { formatDateTime } from '@/lib/time';
import { useOpeningRecord } from '../api/get-opening-record';
import { useOpenBids } from '../api/open-bids';
import { OpeningRecordView } from './OpeningRecordView';
import { isOpened, type TenderRef } from './tender-ref';

/**
 * 开标: a countdown to the opening on the server's clock; from then on 开标 (power tender:open)
 * decrypts every live bid at once and shows the record. `onOpened` refreshes the tender.
 */
export function OpeningTab({ tender, onOpened }: { tender: TenderRef; onOpened?: () => unknown }) {
  const { message } = App.useApp();
  const now = useServerNow();
  const opened = isOpened(tender);
  const record = useOpeningRecord(tender.id, opened);
  const openBids = useOpenBids(tender.id, onOpened);
  const due = Date.parse(tender.openingAt) <= now;
  const shown = openBids.data ?? record.data;

  if (shown) return <OpeningRecordView record={shown} />;
  if (opened) {
    if (record.isError) return <LoadError error={record.error} onRetry={() => record.refetch()} />;
    return <Card variant="borderless" loading />;
  }
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
              description="开标将一次性解密全部有效投标并生成不可修改的开标记录。"
              okText="开标"
              cancelText="取消"
              disabled={!due}
              onConfirm={() =>
                openBids.mutateAsync().then(
                  () => message.success('开标完成'),
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
                开标
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
          description="开标时间到达前无法开标；开标后全部投标同时解密，并公布每份投标的摘要与随机数供投标人核验。"
        />
      )}
    </Card>
  );
}
