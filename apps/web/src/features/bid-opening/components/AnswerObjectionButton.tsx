import { useState } from 'react';
import { Button, Input, Modal, Typography } from 'antd';
import type { bidApi } from '@tender/contracts';
import { Access } from '@/hooks/use-access';
import { useAnswerObjection } from '../api/opening-ceremony';
import { useFeedback } from '@/lib/feedback';

/** 答复: the manager's one answer to a supplier's objection, written into the record. */
export function AnswerObjectionButton({
  tenderId,
  confirmation,
}: {
  tenderId: number;
  confirmation: bidApi.OpeningConfirmation;
}) {
  const { message } = useFeedback();
  const answer = useAnswerObjection(tenderId);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  return (
    <Access code="tender:open">
      <Button size="small" type="primary" onClick={() => setOpen(true)}>
        答复
      </Button>
      <Modal
        open={open}
        title={`答复 ${confirmation.supplierName} 的异议`}
        okText="提交答复"
        okButtonProps={{ disabled: !text.trim() }}
        confirmLoading={answer.isPending}
        onCancel={() => setOpen(false)}
        onOk={() =>
          answer.mutateAsync({ supplierId: confirmation.supplierId, answer: text.trim() }).then(
            () => {
              message.success('已答复');
              setOpen(false);
            },
            () => undefined,
          )
        }
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
          异议：{confirmation.objection}
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="答复内容"
          rows={4}
          maxLength={2000}
          showCount
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="答复将写入开标记录，投标人可见；提交后不能修改"
        />
      </Modal>
    </Access>
  );
}
