import { useEffect } from 'react';
import { Form, Input, InputNumber, Select } from 'antd';
import { expertApi } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { useModalForm } from '@/hooks/use-modal-form';
import { useDict } from '@/hooks/use-dict';
import { FormModal } from '@/components/FormModal';
import { PasswordStrength, passwordGuessRule } from '@/components/PasswordStrength';
import { useInsertExpert } from '../api/insert-expert';
import { useUpdateExpert } from '../api/update-expert';

// Editing keeps the rules of adding; the update schema only makes the fields omittable.
const rules = rulesFrom(expertApi.insertExpertSchema);
const OWNER = { usernameField: 'username' };

export interface ExpertFormValues {
  name?: string;
  username?: string;
  password?: string;
  phone?: string;
  employer?: string;
  employerCreditCode?: string | null;
  title?: string;
  years?: number | null;
  specialties?: string[];
}

/**
 * 新增专家 (with its evaluation_expert login and first password) or 编辑专家; `expert`
 * undefined adds. The employer and its credit code decide 回避 at every draw, so they are asked
 * for with the reason.
 */
export function ExpertFormModal({
  open,
  expert,
  onClose,
}: {
  open: boolean;
  expert?: expertApi.Expert;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<ExpertFormValues>(onClose);
  const insert = useInsertExpert();
  const update = useUpdateExpert();
  const specialties = useDict('tender_category');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (expert)
      form.setFieldsValue({
        name: expert.name,
        username: expert.username,
        phone: expert.phone,
        employer: expert.employer,
        employerCreditCode: expert.employerCreditCode,
        title: expert.title,
        years: expert.years,
        specialties: expert.specialties,
      });
  }, [open, expert, form]);

  const submit = () => {
    const values = form.getFieldsValue();
    if (!expert) return save(expertApi.insertExpertSchema, values, insert.mutateAsync, '新增成功');
    const { username: _u, password: _p, ...profile } = values;
    return save(
      expertApi.updateExpertSchema,
      { ...profile, id: expert.id },
      update.mutateAsync,
      '修改成功',
    );
  };
  const heading = expert ? `编辑专家 ${expert.name}` : '新增专家';

  return (
    <FormModal
      form={form}
      name="expert-form"
      label={heading}
      title={heading}
      open={open}
      width={640}
      saving={insert.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="name" label="姓名" rules={rules.name}>
        <Input placeholder="请输入专家姓名" maxLength={50} />
      </Form.Item>
      <Form.Item
        name="username"
        label="登录账号"
        rules={expert ? undefined : rules.username}
        extra={expert ? '登录账号创建后不能修改' : '专家以此账号登录，只能看到自己的评标任务'}
      >
        <Input placeholder="字母、数字和 _ . @ -" autoComplete="off" disabled={!!expert} />
      </Form.Item>
      {!expert && (
        <Form.Item
          name="password"
          label="初始密码"
          rules={[...rules.password, passwordGuessRule(OWNER)]}
          dependencies={['username']}
          extra={<PasswordStrength owner={OWNER} />}
        >
          <Input.Password placeholder="请输入初始密码" autoComplete="new-password" />
        </Form.Item>
      )}
      <Form.Item name="phone" label="电话" rules={rules.phone}>
        <Input placeholder="手机号或带区号的固定电话" />
      </Form.Item>
      <Form.Item
        name="employer"
        label="工作单位"
        rules={rules.employer}
        extra="与投标人同名的单位回避该项目的抽取"
      >
        <Input placeholder="请输入工作单位全称" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="employerCreditCode"
        label="单位信用代码"
        rules={rules.employerCreditCode}
        extra="统一社会信用代码（选填），与投标人相同时同样回避"
      >
        <Input placeholder="18 位统一社会信用代码" maxLength={18} />
      </Form.Item>
      <Form.Item name="title" label="职称" rules={rules.title}>
        <Input placeholder="如：高级工程师" maxLength={50} />
      </Form.Item>
      <Form.Item name="years" label="从业年限" rules={rules.years}>
        <InputNumber min={0} max={70} precision={0} style={{ width: '100%' }} suffix="年" />
      </Form.Item>
      <Form.Item
        name="specialties"
        label="评标专业"
        rules={rules.specialties}
        extra="抽取时按招标项目的设备类别匹配"
      >
        <Select
          mode="multiple"
          placeholder="至少选择 1 个"
          options={specialties.options}
          loading={specialties.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
    </FormModal>
  );
}
