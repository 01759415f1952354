import { useEffect } from 'react';
import { Button, Form, Grid, Input } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { admin } from '@tender/contracts';
import { parseForm, rulesFrom, showServerFieldErrors } from '@/lib/form-errors';
import { useUpdateMyInfo } from '../api/update-my-info';
import { ContactFields } from '@/components/ContactFields';
import { useFeedback } from '@/lib/feedback';

const rules = rulesFrom(admin.updateMyInfoSchema);

interface ProfileValues {
  realName?: string;
  phone?: string;
  email?: string;
}

/** The three fields one may change about oneself. */
export function ProfileForm({ initial }: { initial: ProfileValues }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<ProfileValues>();
  const save = useUpdateMyInfo();
  // Labels stack above fields on phones, where an empty label would leave a blank line.
  const stacked = Grid.useBreakpoint().sm === false;
  const { realName, phone, email } = initial;

  useEffect(() => {
    form.setFieldsValue({ realName, phone, email });
  }, [form, realName, phone, email]);

  const submit = async (values: ProfileValues) => {
    const input = parseForm(form, admin.updateMyInfoSchema, values);
    if (!input) return;
    try {
      await save.mutateAsync(input);
      message.success('修改成功');
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };

  return (
    <Form
      name="profile"
      form={form}
      labelCol={{ flex: '90px' }}
      style={{ maxWidth: 520 }}
      onFinish={submit}
      aria-label="个人信息"
    >
      <Form.Item name="realName" label="姓名" rules={rules.realName}>
        <Input placeholder="请输入姓名" />
      </Form.Item>
      <ContactFields />
      <Form.Item label={stacked ? undefined : ' '} colon={false}>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
          保存
        </Button>
      </Form.Item>
    </Form>
  );
}
