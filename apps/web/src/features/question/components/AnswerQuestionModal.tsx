import { Alert, Button, Form, Input, Typography } from 'antd';
import { FormOutlined } from '@ant-design/icons';
import { questionApi, type RouteInput } from '@tender/contracts';
import { MAX_ANSWER_LENGTH } from '@tender/contracts/question';
import { FormModal } from '@/components/FormModal';
import { useModalForm } from '@/hooks/use-modal-form';
import { useAnswerQuestion } from '../api/answer-question';

interface Values {
  answer: string;
}

/**
 * 答复 (managers): published at once to every signed-up supplier, without the asker. An answer
 * that changes the documents is an amendment (澄清/修改, with its 15-day rule): `onAmend` opens it.
 */
export function AnswerQuestionModal({
  question,
  onClose,
  onAmend,
}: {
  question: questionApi.Question;
  onClose: () => void;
  onAmend?: () => void;
}) {
  const { form, save } = useModalForm<Values>(onClose);
  const answer = useAnswerQuestion(question.tenderId);
  const onSubmit = (values: Values) =>
    save(
      questionApi.answerQuestion.body!,
      { id: question.id, answer: values.answer } satisfies RouteInput<
        typeof questionApi.answerQuestion
      >,
      (input) => answer.mutateAsync(input),
      '答复已发布，已通知全部报名供应商',
    );
  return (
    <FormModal<Values>
      form={form}
      name="answer-question"
      label="答复答疑问题"
      title="答复答疑问题"
      open
      width={640}
      saving={answer.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      okText="发布答复"
      initialValues={{ answer: '' }}
      notice={
        <>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Typography.Text type="secondary">问题：</Typography.Text>
            {question.content}
          </Typography.Paragraph>
          {question.asker && (
            <Typography.Paragraph type="secondary">
              提问人：{question.asker.supplierName}（{question.asker.username}
              ），仅招标管理员可见；答复公布时不显示提问人。
            </Typography.Paragraph>
          )}
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="答复将发布给全部已报名供应商，发布后不能修改。"
            description="如答复涉及对招标文件的修改，请通过澄清/修改发布（依法必须招标的，距投标截止不足 15 日须顺延截止时间）。"
            action={
              onAmend && (
                <Button size="small" icon={<FormOutlined />} onClick={onAmend}>
                  去澄清/修改
                </Button>
              )
            }
          />
        </>
      }
    >
      <Form.Item name="answer" label="答复" rules={[{ required: true, message: '请输入答复' }]}>
        <Input.TextArea
          maxLength={MAX_ANSWER_LENGTH}
          showCount
          autoSize={{ minRows: 4, maxRows: 12 }}
        />
      </Form.Item>
    </FormModal>
  );
}
