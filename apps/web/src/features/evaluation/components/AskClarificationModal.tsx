import { useState } from 'react';
import { DatePicker, Input, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { deskApi } from '@tender/contracts';
import { serverNow } from '@/lib/server-clock';
import type { DeskBid } from '../api/types';
import { useAskClarification } from '../api/clarifications';
import type { LotRef } from '../api/keys';
import { CellError } from './SheetControls';

/** The earliest answer time the server takes, on its clock. */
const earliestAnswerBy = () => serverNow() + deskApi.MIN_ANSWER_MINUTES * 60_000;

/**
 * 发起澄清 (R 52): a written question to one bidder with a time to answer by, at least 30
 * minutes ahead (an hour by default, on the server's clock). It may not ask to change the price.
 */
export function AskClarificationModal({
  lot,
  bids,
  bidId,
  onClose,
  onAsked,
}: {
  lot: LotRef;
  bids: DeskBid[];
  bidId?: number;
  onClose: () => void;
  /** After the question was sent (the dialog closes too). */
  onAsked?: () => void;
}) {
  const [target, setTarget] = useState(bidId);
  const [question, setQuestion] = useState('');
  const [answerBy, setAnswerBy] = useState<Dayjs | null>(() => dayjs(serverNow() + 3_600_000));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ask = useAskClarification();

  const onOk = async () => {
    const found: Record<string, string> = {};
    if (target === undefined) found.bidId = '请选择投标人';
    if (!question.trim()) found.question = '请输入澄清问题';
    if (!answerBy) found.answerBy = '请选择答复期限';
    else if (answerBy.valueOf() < earliestAnswerBy())
      found.answerBy = `答复期限至少在 ${deskApi.MIN_ANSWER_MINUTES} 分钟之后`;
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await ask.mutateAsync({
        ...lot,
        bidId: target!,
        question: question.trim(),
        answerBy: answerBy!.toISOString(),
      });
      onClose();
      onAsked?.();
    } catch (caught) {
      const fields = (caught as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
      setErrors(
        Object.keys(fields).length
          ? fields
          : { question: caught instanceof Error ? caught.message : String(caught) },
      );
    }
  };

  return (
    <Modal
      open
      title="发起澄清"
      okText="发送"
      confirmLoading={ask.isPending}
      onOk={onOk}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        澄清以书面形式向投标人发出，不得要求或允许投标人改变报价和投标文件的实质性内容（实施条例第五十二条）。
        投标人看不到提问人的姓名。
      </Typography.Paragraph>
      <div style={{ marginBottom: 12 }}>
        <Select
          aria-label="投标人"
          placeholder="投标人"
          value={target}
          onChange={setTarget}
          options={bids.map((bid) => ({ value: bid.bidId, label: bid.supplierName }))}
          style={{ width: '100%' }}
          status={errors.bidId ? 'error' : undefined}
        />
        <CellError message={errors.bidId} />
      </div>
      <div style={{ marginBottom: 12 }}>
        <Input.TextArea
          aria-label="澄清问题"
          placeholder="澄清问题"
          value={question}
          maxLength={2000}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          status={errors.question ? 'error' : undefined}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <CellError message={errors.question} />
      </div>
      <div>
        <Typography.Text>答复期限：</Typography.Text>
        <DatePicker
          aria-label="答复期限"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={answerBy}
          onChange={setAnswerBy}
          disabledDate={(day) => day.endOf('day').valueOf() < earliestAnswerBy()}
          status={errors.answerBy ? 'error' : undefined}
        />
        <CellError message={errors.answerBy} />
      </div>
    </Modal>
  );
}
