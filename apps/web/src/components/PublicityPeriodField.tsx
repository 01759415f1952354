import { DatePicker, Form, type FormRule } from 'antd';

/** 公示期 of a 中标候选人公示 form (its `period`): start and end, to the minute. */
export function PublicityPeriodField({ rules }: { rules: FormRule[] }) {
  return (
    <Form.Item name="period" label="公示期" rules={rules}>
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        style={{ width: '100%' }}
        aria-label="公示期"
      />
    </Form.Item>
  );
}
