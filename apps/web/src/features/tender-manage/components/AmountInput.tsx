import { Form, InputNumber, Typography } from 'antd';
import { amountFormatter, amountInWords, amountParser } from '@/lib/amount';

/** An amount input (two decimals, thousands separators) for Form.Item. */
export function AmountInput(props: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  addonAfter?: string;
}) {
  return (
    <InputNumber<number>
      {...props}
      min={0}
      precision={2}
      step={1000}
      style={{ width: '100%' }}
      formatter={amountFormatter}
      parser={amountParser}
    />
  );
}

/** The 大写 of a form field's amount, shown under it as it is typed. */
export function AmountWords({ name }: { name: string }) {
  const value = Form.useWatch(name) as number | null | undefined;
  const words = amountInWords(value);
  if (!words) return null;
  return (
    <Typography.Text type="secondary" data-testid={`${name}-words`}>
      大写：{words}
    </Typography.Text>
  );
}
