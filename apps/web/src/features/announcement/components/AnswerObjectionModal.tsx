import { Descriptions, Form, Input } from 'antd';
import { FormModal } from '@/components/FormModal';
import { useModalForm } from '@/hooks/use-modal-form';
import { showServerFieldErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/time';
import { useAnswerObjection } from '../api/answer-objection';
import type { ObjectionRow } from '../api/list-objection';
import { ObjectionFiles } from './ObjectionFiles';
import { useFeedback } from '@/lib/feedback';

/** 答复异议: the objection as filed, and the manager's answer (sent once). */
export function AnswerObjectionModal({
  objection,
  onClose,
}: {
  objection: ObjectionRow;
  onClose: () => void;
}) {
  const { form } = useModalForm<{ answer?: string }>(onClose);
  const answer = useAnswerObjection();
  const { message } = useFeedback();
  return (
    <FormModal<{ answer?: string }>
      form={form}
      name="answer-objection"
      label="答复表单"
      title="答复异议"
      open
      width={640}
      okText="提交答复"
      saving={answer.isPending}
      notice={
        <Descriptions
          size="small"
          column={1}
          bordered
          style={{ marginBottom: 16 }}
          items={[
            { key: 'who', label: '异议人', children: objection.supplierName },
            { key: 'at', label: '提出时间', children: formatDateTime(objection.createdAt) },
            {
              key: 'content',
              label: '异议内容',
              children: <div style={{ whiteSpace: 'pre-wrap' }}>{objection.content}</div>,
            },
            {
              key: 'files',
              label: '证明材料',
              children: <ObjectionFiles files={objection.files} empty="未附材料" />,
            },
          ]}
        />
      }
      onSubmit={async (values) => {
        try {
          await answer.mutateAsync({ id: objection.id, answer: values.answer!.trim() });
          message.success('已答复');
          onClose();
        } catch (error) {
          showServerFieldErrors(form, error);
        }
      }}
      onClose={onClose}
    >
      <Form.Item
        name="answer"
        label="答复内容"
        rules={[
          { required: true, whitespace: true, message: '请填写答复内容' },
          { max: 2000, message: '答复最多 2000 个字' },
        ]}
      >
        <Input.TextArea rows={6} maxLength={2000} showCount />
      </Form.Item>
    </FormModal>
  );
}
