import type { CompanyFieldValues } from './CompanyFields';

/** A company text field: what both forms of a company (注册, 个人信息) draw for it. */
export interface CompanyTextField {
  name: Exclude<keyof CompanyFieldValues, 'categories' | 'businessScope'>;
  label: string;
  placeholder: string;
  maxLength?: number;
  autoComplete?: string;
}

/** The company's one-line fields, in the order they are drawn (two to a row where there is room). */
export const COMPANY_TEXT_FIELDS: readonly CompanyTextField[] = [
  { name: 'companyName', label: '公司名称', placeholder: '与营业执照一致', maxLength: 100 },
  {
    name: 'creditCode',
    label: '统一社会信用代码',
    placeholder: '18 位，见营业执照',
    maxLength: 18,
    autoComplete: 'off',
  },
  {
    name: 'legalRepresentative',
    label: '法定代表人',
    placeholder: '请输入法定代表人',
    maxLength: 50,
  },
  {
    name: 'registeredCapital',
    label: '注册资本',
    placeholder: '如 5000 万元人民币',
    maxLength: 50,
  },
  { name: 'contactName', label: '联系人', placeholder: '负责投标事务的联系人', maxLength: 50 },
  {
    name: 'phone',
    label: '联系电话',
    placeholder: '手机号或带区号的固定电话',
    autoComplete: 'tel',
  },
  { name: 'email', label: '电子邮箱', placeholder: 'name@example.com', autoComplete: 'email' },
  { name: 'address', label: '通讯地址', placeholder: '省、市、区及详细地址', maxLength: 200 },
];

/** The credit code as the contract reads it: upper case, no spaces. */
export const normalizeCreditCode = (value: string | undefined) =>
  value?.toUpperCase().replace(/\s/g, '');

export const CATEGORIES_FIELD = {
  label: '供货类别',
  extra: '可多选；招标方按类别邀请供应商',
  placeholder: '请选择可供应的设备类别',
} as const;
export const BUSINESS_SCOPE_FIELD = {
  label: '经营范围',
  placeholder: '与营业执照一致',
  maxLength: 1000,
} as const;
