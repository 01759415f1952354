import { Button, Form, Input, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { questionApi } from '@tender/contracts';
import { MAX_QUESTION_LENGTH } from '@tender/contracts/question';
import { parseForm, showServerFieldErrors } from '@/lib/form-errors';
import { useFeedback } from '@/lib/feedback';
import { useInsertQuestion } from '../api/insert-question';

/** 提问 (a signed-up supplier, until 答疑截止): the answer is published without naming the asker. */
export function AskQuestionForm({ tenderId }: { tenderId: number }) {
  const [form] = Form.useForm<{ content: string }>();
  const insert = useInsertQuestion(tenderId);
  const { message } = useFeedback();
  const onFinish = async (values: { content: string }) => {
    const input = parseForm(form, questionApi.insertQuestion.body!, { tenderId, ...values });
    if (!input) return;
    try {
      await insert.mutateAsync(input);
      form.resetFields();
      message.success('问题已提交，答复发布后将通知您');
    } catch (error) {
      if (!showServerFieldErrors(form, error, { questionsUntil: 'content' }))
        message.error(error instanceof Error ? error.message : '提交失败');
    }
  };
  return (
    <Form form={form} layout="vertical" name="ask-question" aria-label="提问" onFinish={onFinish}>
      {/* Above the box, not under it: under it the text runs into the character count on a phone. */}
      <Typography.Paragraph type="secondary">
        问题将匿名公布：其他供应商只能看到问题与答复，看不到提问单位。
      </Typography.Paragraph>
      <Form.Item
        name="content"
        label="我要提问"
        rules={[{ required: true, whitespace: true, message: '请输入问题内容' }]}
      >
        <Input.TextArea
          maxLength={MAX_QUESTION_LENGTH}
          showCount
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder="请就招标文件提出问题"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={insert.isPending}>
        提交问题
      </Button>
    </Form>
  );
}
