import { App, Form, Input, InputNumber, Select, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { bidApi, type BiddableTender, type Receipt } from '@tender/contracts';
import { FormModal } from '@/components/FormModal';
import { FileUpload, type UploadedFileRef } from '@/components/FileUpload';
import { useModalForm } from '@/hooks/use-modal-form';
import { amountFormatter, amountInWords, amountParser, formatMoney } from '@/lib/amount';
import { rulesFrom } from '@/lib/form-errors';
import { useSubmitBid } from '../api/submit-bid';

interface QuotationValues {
  totalPrice?: number;
  currency: string;
  deliveryDays?: number;
  warrantyMonths?: number;
  remark?: string;
  files: UploadedFileRef[];
}

const rules = rulesFrom(bidApi.submitBidSchema);

/** The seeded 币种 dictionary; the tender's own currency comes first. */
const CURRENCIES = [
  { value: 'CNY', label: '人民币（CNY）' },
  { value: 'USD', label: '美元（USD）' },
  { value: 'EUR', label: '欧元（EUR）' },
];

export const SEALED_NOTICE = '报价提交后在开标前任何人都无法查看';

/** 大写 of what is typed, when it is a price the contract accepts. */
function PriceInWords({ value }: { value: unknown }) {
  const valid = bidApi.quotationFields.totalPrice.safeParse(value);
  if (!valid.success) return null;
  return (
    <Typography.Text type="secondary" data-testid="price-in-words">
      大写：{amountInWords(valid.data)}
    </Typography.Text>
  );
}

function initialValuesOf(tender: BiddableTender): QuotationValues {
  const bid = tender.myBid?.status === 'submitted' ? tender.myBid : null;
  return {
    totalPrice: bid?.totalPrice ?? undefined,
    currency: bid?.currency ?? tender.currency,
    deliveryDays: bid?.deliveryDays ?? undefined,
    warrantyMonths: bid?.warrantyMonths ?? undefined,
    remark: bid?.remark ?? undefined,
    files: (bid?.files ?? []).map((file) => ({ ...file, size: 0 })),
  };
}

/**
 * The quotation form: a first bid or a new revision of the live one. Checked with the contract's
 * rules as the user types; 提交 asks once more, because nobody can read the bid before opening.
 */
export function QuotationModal({
  tender,
  onClose,
  onSubmitted,
}: {
  tender: BiddableTender;
  onClose: () => void;
  onSubmitted: (receipt: Receipt) => void;
}) {
  const { modal } = App.useApp();
  const { form, save } = useModalForm<QuotationValues>(onClose);
  const submitBid = useSubmitBid();
  const price = Form.useWatch('totalPrice', form);
  const revising = tender.myBid?.status === 'submitted';

  const submit = (values: QuotationValues) =>
    new Promise<void>((resolve) => {
      modal.confirm({
        title: revising ? '确认提交新版本报价？' : '确认提交报价？',
        icon: <LockOutlined />,
        content: `${SEALED_NOTICE}（包括招标方和系统管理员）。截止前可修改或撤回，每次提交生成新版本和回执。`,
        okText: '确认提交',
        cancelText: '再检查一下',
        onCancel: () => resolve(),
        onOk: () =>
          save(
            bidApi.submitBidSchema,
            { ...values, tenderId: tender.id, fileIds: values.files.map((file) => file.id) },
            async (input) => onSubmitted(await submitBid.mutateAsync(input)),
            '报价已提交',
          ).finally(resolve),
      });
    });

  return (
    <FormModal<QuotationValues>
      form={form}
      name="quotation"
      label="报价表单"
      title={`${revising ? '修改报价' : '提交报价'} · ${tender.title}`}
      open
      width={640}
      saving={submitBid.isPending}
      okText="提交"
      onSubmit={submit}
      onClose={onClose}
      initialValues={initialValuesOf(tender)}
      notice={
        <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
          <LockOutlined /> {SEALED_NOTICE}。预算 {formatMoney(tender.budget, tender.currency)}
          {tender.priceCeiling !== null &&
            `，最高限价 ${formatMoney(tender.priceCeiling, tender.currency)}（超出者开标时判为无效）`}
          。
        </Typography.Paragraph>
      }
    >
      <Form.Item
        name="totalPrice"
        label="投标总价"
        rules={rules.totalPrice}
        extra={<PriceInWords value={price} />}
      >
        <InputNumber<number>
          style={{ width: '100%' }}
          placeholder="大于 0，最多两位小数"
          formatter={amountFormatter}
          parser={amountParser}
          stringMode={false}
          controls={false}
        />
      </Form.Item>
      <Form.Item name="currency" label="币种" rules={rules.currency}>
        <Select options={CURRENCIES} />
      </Form.Item>
      <Form.Item name="deliveryDays" label="交货期（天）" rules={rules.deliveryDays}>
        <InputNumber<number> style={{ width: '100%' }} min={0} placeholder="整数天" />
      </Form.Item>
      <Form.Item name="warrantyMonths" label="质保期（月）" rules={rules.warrantyMonths}>
        <InputNumber<number> style={{ width: '100%' }} min={0} placeholder="整数月" />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={rules.remark}>
        <Input.TextArea
          rows={3}
          maxLength={2000}
          showCount
          placeholder="技术偏离、优惠条件等（密封保存）"
        />
      </Form.Item>
      <Form.Item name="files" label="投标文件">
        <FileUpload
          purpose="bid"
          maxCount={20}
          hint="投标文件同样加密保存，开标前任何人都无法下载"
        />
      </Form.Item>
    </FormModal>
  );
}
