import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Progress,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ClockCircleOutlined, FileDoneOutlined } from '@ant-design/icons';
import { bidApi, lotLabel, type Lot, type RouteData } from '@tender/contracts';
import { Countdown, useServerNow } from '@/components/Countdown';
import { LoadError } from '@/components/LoadError';
import { rulesFrom } from '@/lib/form-errors';
import { Access } from '@/hooks/use-access';
import { formatDateTime } from '@/lib/time';
import { useExtendDecryption, useFinishOpening, useOpeningCeremony } from '../api/opening-ceremony';
import type { TenderRef } from './tender-ref';
import { useFeedback } from '@/lib/feedback';

type Ceremony = RouteData<typeof bidApi.getOpeningCeremony>;
type CeremonyBid = Ceremony['bids'][number];

const extendRules = rulesFrom(bidApi.extendDecryption.body!);

/** 待解密 / 已解密 / 解密失败 (not decrypted when the window has ended). */
function DecryptState({ bid, ended }: { bid: CeremonyBid; ended: boolean }) {
  if (bid.decryptedAt)
    return (
      <Space size={4} wrap>
        <Tag color="success">已解密</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(bid.decryptedAt)}
        </Typography.Text>
      </Space>
    );
  return ended ? <Tag color="error">解密失败</Tag> : <Tag color="processing">待解密</Tag>;
}

/**
 * A tender of several lots: the bids in lot order, and a 标段 column naming each lot once over
 * its bids (merged cells); one lot: the bids as they came, no column.
 */
function groupByLot(bids: CeremonyBid[], lots: readonly Lot[] | undefined) {
  if (!lots || lots.length <= 1) return { rows: bids, lotColumn: [] };
  const noOf = (lotId: number) => lots.find((lot) => lot.lotId === lotId)?.lotNo ?? Infinity;
  const rows = [...bids].sort((a, b) => noOf(a.lotId) - noOf(b.lotId));
  const lotColumn: TableColumnsType<CeremonyBid> = [
    {
      title: '标段',
      key: 'lot',
      width: 200,
      render: (_, bid) => {
        const lot = lots.find((each) => each.lotId === bid.lotId);
        return lot ? lotLabel(lot) : `标段 #${bid.lotId}`;
      },
      onCell: (bid, index = 0) => ({
        rowSpan:
          index > 0 && rows[index - 1]?.lotId === bid.lotId
            ? 0
            : rows.slice(index).findIndex((next) => next.lotId !== bid.lotId) < 0
              ? rows.length - index
              : rows.slice(index).findIndex((next) => next.lotId !== bid.lotId),
      }),
    },
  ];
  return { rows, lotColumn };
}

/** 延长解密时间: once, 5–120 minutes, with the reason that goes into the record. */
function ExtendModal({
  tender,
  onClose,
  onChanged,
}: {
  tender: TenderRef;
  onClose: () => void;
  onChanged?: () => unknown;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<{ minutes: number; reason: string }>();
  const extend = useExtendDecryption(tender.id, onChanged);
  return (
    <Modal
      open
      title="延长解密时间"
      okText="确认延长"
      confirmLoading={extend.isPending}
      onCancel={onClose}
      onOk={() =>
        form.validateFields().then(
          (values) =>
            extend.mutateAsync(values).then(
              (ceremony) => {
                message.success(`解密截止延至 ${formatDateTime(ceremony.decryptUntil)}`);
                onClose();
              },
              () => undefined,
            ),
          () => undefined,
        )
      }
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="每次开标只能延长一次"
        description="延长时间和理由将写入开标记录并通知全部投标人。"
      />
      <Form form={form} layout="vertical" initialValues={{ minutes: 15 }} name="extend-decryption">
        <Form.Item name="minutes" label="延长（分钟）" rules={extendRules.minutes}>
          <InputNumber min={5} max={120} precision={0} style={{ width: 160 }} suffix="分钟" />
        </Form.Item>
        <Form.Item name="reason" label="延长理由" rules={extendRules.reason}>
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder="如：某投标人反映网络故障"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The `bidder`-mode opening console: the decryption window's countdown on the server's clock,
 * who has decrypted (never what: the server sends no price until the record), one extension,
 * and 结束解密并生成开标记录 once everyone has decrypted or the window has ended. Polls.
 */
export function CeremonyConsole({
  tender,
  onChanged,
}: {
  tender: TenderRef;
  onChanged?: () => unknown;
}) {
  const { message } = useFeedback();
  const ceremony = useOpeningCeremony(tender.id, true);
  const finish = useFinishOpening(tender.id, onChanged);
  const now = useServerNow();
  const [extending, setExtending] = useState(false);

  if (ceremony.isError && !ceremony.data)
    return <LoadError error={ceremony.error} onRetry={() => ceremony.refetch()} />;
  const data = ceremony.data;
  if (!data) return <Card variant="borderless" loading />;

  const ended = Date.parse(data.decryptUntil) <= now;
  const decrypted = data.bids.filter((bid) => bid.decryptedAt).length;
  const pending = data.bids.length - decrypted;
  const canFinish = data.canFinish || ended;
  const { rows, lotColumn } = groupByLot(data.bids, tender.lots);
  const columns: TableColumnsType<CeremonyBid> = [
    ...lotColumn,
    { title: '序号', key: 'index', width: 64, render: (_, __, index) => index + 1 },
    { title: '投标人', dataIndex: 'supplierName' },
    {
      title: '解密状态',
      key: 'state',
      width: 240,
      render: (_, bid) => <DecryptState bid={bid} ended={ended} />,
    },
  ];

  return (
    <div className="opening-ceremony">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="不见面开标进行中"
        description="各投标人正在各自的浏览器中解密投标。解密结束前本页只显示谁已解密，不显示任何报价；结束后生成开标记录。"
      />
      <Card variant="borderless" size="small" style={{ marginBottom: 16 }}>
        <Space wrap size={32} style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space direction="vertical" size={0}>
            <Typography.Text type="secondary">
              <ClockCircleOutlined /> 解密剩余（服务器时间）
            </Typography.Text>
            <Typography.Text style={{ fontSize: 28 }} data-testid="ceremony-countdown">
              <Countdown deadline={data.decryptUntil} showIcon={false} doneText="解密时间已结束" />
            </Typography.Text>
          </Space>
          <Space direction="vertical" size={0} style={{ minWidth: 220 }}>
            <Typography.Text type="secondary">
              已解密 {decrypted} / {data.bids.length} 份
            </Typography.Text>
            <Progress
              percent={data.bids.length ? Math.round((decrypted / data.bids.length) * 100) : 100}
              status={ended && pending > 0 ? 'exception' : undefined}
            />
          </Space>
          <Access code="tender:open">
            <Space wrap>
              <Button
                disabled={data.extendedMinutes !== null || ended}
                onClick={() => setExtending(true)}
              >
                延长解密时间
              </Button>
              <Popconfirm
                title="结束解密并生成开标记录？"
                description={
                  pending > 0
                    ? `尚有 ${pending} 份投标未解密，将判为解密失败（无效）。开标记录生成后不可修改。`
                    : '全部投标已解密。开标记录生成后不可修改。'
                }
                okText="结束解密"
                cancelText="取消"
                disabled={!canFinish}
                onConfirm={() =>
                  finish.mutateAsync().then(
                    () => message.success('开标记录已生成'),
                    () => undefined,
                  )
                }
              >
                <Button
                  type="primary"
                  icon={<FileDoneOutlined />}
                  disabled={!canFinish}
                  loading={finish.isPending}
                >
                  结束解密并生成开标记录
                </Button>
              </Popconfirm>
            </Space>
          </Access>
        </Space>
      </Card>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'start', label: '开始解密', children: formatDateTime(data.startedAt) },
          { key: 'until', label: '解密截止', children: formatDateTime(data.decryptUntil) },
          {
            key: 'extend',
            label: '延长',
            children:
              data.extendedMinutes === null
                ? '未延长（可延长一次）'
                : `已延长 ${data.extendedMinutes} 分钟：${data.extendReason ?? ''}`,
          },
        ]}
      />
      {!canFinish && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          全部投标解密或解密时间结束后，才能结束解密并生成开标记录。
        </Typography.Paragraph>
      )}
      <Table<CeremonyBid>
        rowKey="bidId"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '没有需要解密的投标' }}
      />
      {extending && (
        <ExtendModal tender={tender} onClose={() => setExtending(false)} onChanged={onChanged} />
      )}
    </div>
  );
}
