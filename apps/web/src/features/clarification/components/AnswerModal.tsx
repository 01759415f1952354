import { Form, Input, Typography } from 'antd';
import { deskApi, type RouteInput } from '@tender/contracts';
import { FormModal } from '@/components/FormModal';
import { FileUpload, type UploadedFileRef } from '@/components/FileUpload';
import { useModalForm } from '@/hooks/use-modal-form';
import { useAnswerClarification } from '../api/answer-clarification';

interface Values {
  answer: string;
  files: UploadedFileRef[];
}

/** 答复: text and optional files; it may not change the price or the substance of the bid. */
export function AnswerModal({
  clarification,
  onClose,
}: {
  clarification: deskApi.Clarification;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<Values>(onClose);
  const answer = useAnswerClarification();
  const onSubmit = (values: Values) =>
    save(
      deskApi.answerClarification.body!,
      {
        id: clarification.id,
        answer: values.answer,
        fileIds: (values.files ?? []).map((file) => file.id),
      } satisfies RouteInput<typeof deskApi.answerClarification>,
      (input) => answer.mutateAsync(input),
      '答复已提交',
    );
  return (
    <FormModal<Values>
      form={form}
      name="answer-clarification"
      label="答复澄清"
      title="答复澄清"
      open
      width={640}
      saving={answer.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      okText="提交答复"
      initialValues={{ answer: '', files: [] }}
      notice={
        <>
          <Typography.Paragraph>
            <Typography.Text type="secondary">问题：</Typography.Text>
            {clarification.question}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            澄清不得改变投标报价和投标文件的实质性内容；答复提交后不能修改。
          </Typography.Paragraph>
        </>
      }
    >
      <Form.Item name="answer" label="答复" rules={[{ required: true, message: '请输入答复' }]}>
        <Input.TextArea maxLength={5000} showCount autoSize={{ minRows: 4, maxRows: 12 }} />
      </Form.Item>
      <Form.Item name="files" label="附件">
        <FileUpload maxCount={10} />
      </Form.Item>
    </FormModal>
  );
}
