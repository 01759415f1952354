import { Form, Input } from 'antd';
import type { companySchema } from '@tender/contracts/supplier';
import { lazyRulesFrom } from '@/lib/form-errors';
import { COMPANY_PRESENCE, loadCompanySchema } from './company-contract';
import { SupplyCategorySelect } from './SupplyCategorySelect';
import { InTurns } from './Turns';
import {
  BUSINESS_SCOPE_FIELD,
  CATEGORIES_FIELD,
  COMPANY_TEXT_FIELDS,
  normalizeCreditCode,
} from './company-field-specs';
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
  const [first, second, ...rest] = COMPANY_TEXT_FIELDS.map(({ name, label, ...input }) => (
    <Form.Item
      key={name}
      name={name}
      label={label}
      rules={rules[name]}
      normalize={name === 'creditCode' ? normalizeCreditCode : undefined}
    >
      <Input {...input} />
    </Form.Item>
  ));
  return (
    <div className="form-grid">
      {first}
      {second}
      {/* Two at a time where the form is mounted in turns (see Turns). */}
      <InTurns from={1}>
        {rest}
        <Form.Item
          className="form-grid-wide"
          name="categories"
          label={CATEGORIES_FIELD.label}
          rules={rules.categories}
          extra={CATEGORIES_FIELD.extra}
        >
          <SupplyCategorySelect />
        </Form.Item>
        <Form.Item
          className="form-grid-wide"
          name="businessScope"
          label={BUSINESS_SCOPE_FIELD.label}
          rules={rules.businessScope}
        >
          <Input.TextArea
            className="textarea-grow"
            placeholder={BUSINESS_SCOPE_FIELD.placeholder}
            rows={2}
            maxLength={BUSINESS_SCOPE_FIELD.maxLength}
            showCount
          />
        </Form.Item>
      </InTurns>
    </div>
  );
}
