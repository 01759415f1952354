import type { ComponentProps } from 'react';
import { Checkbox, Col, DatePicker, Form, Input, InputNumber } from 'antd';
import { bondApi } from '@tender/contracts';
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { defaultQuestionsUntil } from '@tender/contracts/question';
import { FileUpload } from '@/components/FileUpload';
import { formatDateTime } from '@/lib/time';
import { RichTextEditor } from '@/components/RichTextEditor';
import { serverNow } from '@/lib/server-clock';
import { dateRuleMessage } from './tender-form-values';

// The fields the tender form and the amendment form both hold, and how tender values are entered.

export const DATE_TIME = 'YYYY-MM-DD HH:mm';
const half = { xs: 24, md: 12 };

type FieldRules = Record<
  'contact' | 'contactPhone' | 'bidValidityDays' | 'description',
  FormRule[]
>;

/** The contract's date rules beside a date field, as the manager picks (the server checks again). */
export const dateRule =
  (name: 'bidDeadline' | 'openingAt' | 'docsWindow' | 'questionsUntil'): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const message = dateRuleMessage(getFieldsValue(true), name, serverNow());
      if (message) throw new Error(message);
    },
  });

/** A tender date: to the minute, full width. */
export function DateTimeInput(props: ComponentProps<typeof DatePicker>) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format={DATE_TIME}
      style={{ width: '100%' }}
      {...props}
    />
  );
}

/** A tender period (the documents window): either end may stay open. */
export function DateTimeRangeInput(props: ComponentProps<typeof DatePicker.RangePicker>) {
  return (
    <DatePicker.RangePicker
      showTime={{ format: 'HH:mm' }}
      format={DATE_TIME}
      allowEmpty={[true, true]}
      style={{ width: '100%' }}
      {...props}
    />
  );
}

/** A count of days, minutes or bids: whole numbers only. */
export function WholeNumberInput(props: ComponentProps<typeof InputNumber>) {
  return <InputNumber precision={0} style={{ width: '100%' }} {...props} />;
}

export function ContactFields({ rules }: { rules: FieldRules }) {
  return (
    <>
      <Col {...half}>
        <Form.Item name="contact" label="联系人" rules={rules.contact}>
          <Input placeholder="招标联系人" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="contactPhone" label="联系电话" rules={rules.contactPhone}>
          <Input placeholder="手机号或带区号的固定电话" />
        </Form.Item>
      </Col>
    </>
  );
}

/** 答疑截止时间: empty takes the default (10 days before the deadline by law, else 1 day). */
export function QuestionsUntilField({
  mandatory,
  bidDeadline,
}: {
  mandatory: boolean;
  bidDeadline: Dayjs | null | undefined;
}) {
  const fallback = bidDeadline
    ? formatDateTime(defaultQuestionsUntil({ mandatory, bidDeadline: bidDeadline.toDate() }))
    : null;
  return (
    <Col {...half}>
      <Form.Item
        name="questionsUntil"
        label="答疑截止时间"
        dependencies={['bidDeadline', 'mandatory']}
        extra={`不填则为${mandatory ? '投标截止前 10 日' : '投标截止前 1 日'}${fallback ? `（${fallback}）` : ''}；不得晚于投标截止时间`}
        rules={[dateRule('questionsUntil')]}
      >
        <DateTimeInput placeholder="默认" />
      </Form.Item>
    </Col>
  );
}

export function BidValidityField({ rules }: { rules: FieldRules }) {
  return (
    <Col {...half}>
      <Form.Item name="bidValidityDays" label="投标有效期（日）" rules={rules.bidValidityDays}>
        <WholeNumberInput min={1} max={365} />
      </Form.Item>
    </Col>
  );
}

const BOND_FORM_OPTIONS = bondApi.BOND_FORMS.map((value) => ({
  value,
  label: bondApi.BOND_FORM_LABELS[value],
}));

/** 保证金形式: what a bidder may post its bid bond as (EVALUATION.md §4); the amount is per lot. */
export function BondFormsField() {
  return (
    <Col xs={24} md={16}>
      <Form.Item
        name="bondForms"
        label="保证金形式"
        rules={[{ required: true, type: 'array', min: 1, message: '至少接受一种保证金形式' }]}
        extra="投标人可采用的投标保证金形式；保证金金额在各标段中填写（不超过标段预算的 2%）"
      >
        <Checkbox.Group options={BOND_FORM_OPTIONS} />
      </Form.Item>
    </Col>
  );
}

/** 招标内容 and the tender's attached documents. */
export function TenderContentFields({
  rules,
  documentsHint,
}: {
  rules: FieldRules;
  documentsHint?: string;
}) {
  return (
    <>
      <Form.Item name="description" label="招标内容" rules={rules.description}>
        <RichTextEditor aria-label="招标内容" />
      </Form.Item>
      <Form.Item name="documents" label="招标文件附件">
        <FileUpload drag hint={documentsHint} />
      </Form.Item>
    </>
  );
}
