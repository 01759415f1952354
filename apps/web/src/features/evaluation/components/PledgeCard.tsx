import { useState } from 'react';
import { Alert, Button, Card, Input, Radio, Space, Typography } from 'antd';
import { ApiError } from '@/lib/request';
import type { MyTask } from '../api/types';
import { useSignPledge } from '../api/sign-pledge';
import { CellError } from './SheetControls';

type Choice = 'noConflict' | 'conflict';

/**
 * 评标承诺书: before any bid is shown, the member declares no conflict of interest with every
 * signed-up supplier, or recuses with a reason (the next standby takes the seat at once).
 */
export function PledgeCard({
  task,
  onRecused,
}: {
  task: MyTask;
  onRecused: (successorName: string | null) => void;
}) {
  const [choice, setChoice] = useState<Choice>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const sign = useSignPledge();

  const onSign = async () => {
    if (choice === 'conflict' && !reason.trim()) return setError('请说明回避理由');
    setError(undefined);
    try {
      const answer = await sign.mutateAsync(
        choice === 'conflict'
          ? { tenderId: task.tenderId, conflict: reason.trim() }
          : { tenderId: task.tenderId, noConflict: true },
      );
      if (choice === 'conflict') onRecused(answer.successor?.name ?? null);
    } catch (caught) {
      if (caught instanceof ApiError) setError(caught.fieldList[0]?.message ?? caught.message);
    }
  };

  return (
    <Card title="评标承诺书" variant="borderless">
      <Typography.Paragraph>
        {`本人作为「${task.title}」（${task.tenderNo}）评标委员会成员，承诺与下列投标人不存在利害关系，` +
          '将客观、公正地履行职责，遵守职业道德，对评审意见承担个人责任，不私下接触投标人，' +
          '不收受投标人的财物或其他好处，不透露评审情况。'}
      </Typography.Paragraph>
      <Typography.Text strong>已报名的投标人（{task.suppliers.length} 家）：</Typography.Text>
      <ol className="evaluation-pledge-suppliers" aria-label="已报名的投标人">
        {task.suppliers.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ol>
      <Radio.Group
        aria-label="利害关系声明"
        value={choice}
        onChange={(event) => setChoice(event.target.value as Choice)}
      >
        <Space orientation="vertical">
          <Radio value="noConflict">本人与上述投标人均无利害关系</Radio>
          <Radio value="conflict">本人与上述投标人存在利害关系，申请回避</Radio>
        </Space>
      </Radio.Group>
      {choice === 'conflict' && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ margin: '12px 0 8px' }}
            title="申请回避后，您的席位将立即由备选专家递补，您将不能再参与本项目评标。"
          />
          <Input.TextArea
            aria-label="回避理由"
            placeholder="请说明回避理由（如：曾在某投标人处任职）"
            value={reason}
            maxLength={1000}
            showCount
            status={error ? 'error' : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        </>
      )}
      <CellError message={error} />
      <div style={{ marginTop: 16 }}>
        <Button
          type="primary"
          danger={choice === 'conflict'}
          disabled={!choice}
          loading={sign.isPending}
          onClick={onSign}
        >
          {choice === 'conflict' ? '申请回避' : '签署承诺书'}
        </Button>
      </div>
    </Card>
  );
}
