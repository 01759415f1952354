import { useState } from 'react';
import { Alert, Button, Input, Modal, Radio, Space, Typography } from 'antd';
import { ErrorCode, reportApi } from '@tender/contracts';
import { ApiError } from '@/lib/request';
import { useFeedback } from '@/lib/feedback';
import type { Sheet } from '../api/types';
import { useFinishEvaluation } from '../api/report';
import { CellError } from './SheetControls';

type Decision = (typeof reportApi.INSUFFICIENT_DECISIONS)[number];

/** Whether a refusal asks the committee to decide on too few valid bids (P 27). */
export const asksInsufficientDecision = (error: unknown) =>
  error instanceof ApiError &&
  error.code === ErrorCode.invalid &&
  error.fieldList.some((field) => field.field === 'insufficient');

/** Why the chair cannot finish yet, or null when it can. */
export function finishBlockers(sheet: Pick<Sheet, 'progress' | 'openClarifications'>): string[] {
  const waiting = sheet.progress.filter((member) => !member.submitted).map((member) => member.name);
  const blockers: string[] = [];
  if (waiting.length) blockers.push(`尚未提交评分表：${waiting.join('、')}`);
  if (sheet.openClarifications > 0)
    blockers.push(`有 ${sheet.openClarifications} 个澄清尚待投标人答复（或未到答复期限）`);
  return blockers;
}

/**
 * The chair's 完成评标: once every member submitted and no clarification is open. With fewer
 * valid bids than the lot's minimum, the server asks the committee's decision and its reason.
 */
export function FinishPanel({ sheet, onFinished }: { sheet: Sheet; onFinished: () => void }) {
  const { message, modal } = useFeedback();
  const finish = useFinishEvaluation();
  const [asking, setAsking] = useState<string>();
  const [decision, setDecision] = useState<Decision>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const blockers = finishBlockers(sheet);
  const lot = { tenderId: sheet.tenderId, lotId: sheet.lotId };

  const send = async (extra: { insufficient?: Decision; reason?: string } = {}) => {
    try {
      await finish.mutateAsync({ ...lot, ...extra });
      setAsking(undefined);
      message.success('评标已完成，评标报告已生成，请各成员签字');
      onFinished();
    } catch (caught) {
      if (asksInsufficientDecision(caught)) {
        setAsking((caught as ApiError).message);
        return;
      }
      const text = caught instanceof Error ? caught.message : String(caught);
      if (asking !== undefined) setError(text);
      else message.error(text);
    }
  };

  const onDecide = () => {
    if (!decision) return setError('请选择委员会的决定');
    if (!reason.trim()) return setError('请填写决定理由');
    setError(undefined);
    void send({ insufficient: decision, reason: reason.trim() });
  };

  return (
    <>
      <Alert
        type={blockers.length ? 'info' : 'success'}
        showIcon
        style={{ marginBottom: 12 }}
        title={blockers.length ? '组长：完成评标前' : '组长：全部委员已提交，可以完成评标'}
        description={
          blockers.length ? (
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {blockers.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : (
            '完成评标后系统按评标办法计算得分与排名并生成评标报告，评分表不能再退回。'
          )
        }
        action={
          <Button
            type="primary"
            disabled={blockers.length > 0}
            loading={finish.isPending && asking === undefined}
            onClick={() =>
              modal.confirm({
                title: '确认完成评标？',
                content: '将汇总全部委员的评审与评分，生成评标报告。',
                okText: '完成评标',
                cancelText: '取消',
                onOk: () => send(),
              })
            }
          >
            完成评标
          </Button>
        }
      />
      <Modal
        open={asking !== undefined}
        title="有效投标不足"
        okText="确认决定"
        confirmLoading={finish.isPending}
        onOk={onDecide}
        onCancel={() => setAsking(undefined)}
      >
        <Typography.Paragraph>{asking}</Typography.Paragraph>
        <Radio.Group
          aria-label="委员会的决定"
          value={decision}
          onChange={(event) => setDecision(event.target.value as Decision)}
        >
          <Space orientation="vertical">
            {reportApi.INSUFFICIENT_DECISIONS.map((value) => (
              <Radio key={value} value={value}>
                {reportApi.INSUFFICIENT_LABELS[value]}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        <Input.TextArea
          aria-label="决定理由"
          placeholder="决定理由（书面说明，写入评标报告）"
          value={reason}
          maxLength={1000}
          showCount
          style={{ marginTop: 12 }}
          onChange={(event) => setReason(event.target.value)}
        />
        <CellError message={error} />
      </Modal>
    </>
  );
}
