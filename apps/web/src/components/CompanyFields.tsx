import { Form, Input, type SelectProps } from 'antd';
import type { companySchema } from '@tender/contracts/supplier';
import { useDict } from '@/hooks/use-dict';
import { lazyRulesFrom } from '@/lib/form-errors';
import { COMPANY_PRESENCE, loadCompanySchema } from './company-contract';
import { LazySelect } from './LazySelect';
import { InTurns } from './Turns';
import './form-layout.css';

// The contract's rules (the credit code's check character too), loaded by the first check: zod
// stays out of 供应商注册's first load.
const rules = lazyRulesFrom<typeof companySchema>(loadCompanySchema, COMPANY_PRESENCE);

export interface CompanyFieldValues {
  companyName?: string;
  creditCode?: string;
  legalRepresentative?: string;
  contactName?: string;
  phone?: string;
  email?: string;
  address?: string | null;
  registeredCapital?: string | null;
  businessScope?: string | null;
  categories?: string[];
}

/**
 * A supplier company's fields, in two columns where there is room: used by 供应商注册 and by
 * the company card of 个人信息.
 */
export function CompanyFields() {
  return (
    <div className="form-grid">
      <Form.Item name="companyName" label="公司名称" rules={rules.companyName}>
        <Input placeholder="与营业执照一致" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="creditCode"
        label="统一社会信用代码"
        rules={rules.creditCode}
        normalize={(value: string | undefined) => value?.toUpperCase().replace(/\s/g, '')}
      >
        <Input placeholder="18 位，见营业执照" maxLength={18} autoComplete="off" />
      </Form.Item>
      {/* Two at a time where the form is mounted in turns (see Turns). */}
      <InTurns from={1}>
        <Form.Item name="legalRepresentative" label="法定代表人" rules={rules.legalRepresentative}>
          <Input placeholder="请输入法定代表人" maxLength={50} />
        </Form.Item>
        <Form.Item name="registeredCapital" label="注册资本" rules={rules.registeredCapital}>
          <Input placeholder="如 5000 万元人民币" maxLength={50} />
        </Form.Item>
        <Form.Item name="contactName" label="联系人" rules={rules.contactName}>
          <Input placeholder="负责投标事务的联系人" maxLength={50} />
        </Form.Item>
        <Form.Item name="phone" label="联系电话" rules={rules.phone}>
          <Input placeholder="手机号或带区号的固定电话" autoComplete="tel" />
        </Form.Item>
        <Form.Item name="email" label="电子邮箱" rules={rules.email}>
          <Input placeholder="name@example.com" autoComplete="email" />
        </Form.Item>
        <Form.Item name="address" label="通讯地址" rules={rules.address}>
          <Input placeholder="省、市、区及详细地址" maxLength={200} />
        </Form.Item>
        <Form.Item
          className="form-grid-wide"
          name="categories"
          label="供货类别"
          rules={rules.categories}
          extra="可多选；招标方按类别邀请供应商"
        >
          <SupplyCategorySelect />
        </Form.Item>
        <Form.Item
          className="form-grid-wide"
          name="businessScope"
          label="经营范围"
          rules={rules.businessScope}
        >
          <Input.TextArea
            className="textarea-grow"
            placeholder="与营业执照一致"
            rows={2}
            maxLength={1000}
            showCount
          />
        </Form.Item>
      </InTurns>
    </div>
  );
}

type SelectFieldProps = Pick<
  SelectProps<string[] | undefined, { value: string; label: string }>,
  'id' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby' | 'aria-required' | 'status'
>;

/**
 * 供货类别 from the tender-category dictionary. Its own component, so the dictionary's arrival
 * re-renders this select alone, not every field of the form around it.
 */
function SupplyCategorySelect(props: SelectFieldProps) {
  const categories = useDict('tender_category');
  return (
    <LazySelect<string, string[]>
      {...props}
      mode="multiple"
      allowClear
      aria-label="供货类别"
      style={{ width: '100%' }}
      placeholder="请选择可供应的设备类别"
      options={categories.options}
      loading={categories.isLoading}
      optionFilterProp="label"
      maxTagCount="responsive"
    />
  );
}
