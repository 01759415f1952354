import { DatePicker, Descriptions, Form, InputNumber, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { contractApi, CONTRACT_DEADLINE_DAYS, lotLabel, type RouteInput } from '@tender/contracts';
import { FormModal } from '@/components/FormModal';
import { FileUpload, type UploadedFileRef } from '@/components/FileUpload';
import { useModalForm } from '@/hooks/use-modal-form';
import { amountFormatter, amountInWords, amountParser, formatMoney } from '@/lib/amount';
import { useFeedback } from '@/lib/feedback';
import { serverNow } from '@/lib/server-clock';
import { formatDate, formatDateTime } from '@/lib/time';
import { useInsertContract } from '../api/insert-contract';

interface Values {
  signedAt?: Dayjs | null;
  amount?: number | null;
  files: UploadedFileRef[];
}

/** Law 46, as the form explains the amount and the server's refusal cites it. */
export const LAW_46 =
  '招标投标法第四十六条：招标人和中标人应当自中标通知书发出之日起三十日内，按照招标文件和中标人的投标文件订立书面合同；招标人和中标人不得再行订立背离合同实质性内容的其他协议。';

/**
 * 录入合同 for one awarded lot: the signing day (from the notice's day to today, Beijing), the
 * amount (the awarded one, which the law requires), and the signed contract's files; asks before
 * saving, since a contract is recorded once and starts the lot's bond refund clocks.
 */
export function RecordContractModal({
  row,
  onClose,
}: {
  row: contractApi.ContractRow;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<Values>(onClose);
  const { modal } = useFeedback();
  const insert = useInsertContract();
  const noticeDay = formatDate(row.noticeAt);
  const today = formatDate(serverNow());
  const awarded = formatMoney(row.awardedAmount);
  const project =
    row.lotName !== row.tenderTitle
      ? `${row.tenderTitle} ${lotLabel({ lotNo: row.lotNo, name: row.lotName })}`
      : row.tenderTitle;

  const send = (values: Values) =>
    save(
      contractApi.insertContract.body!,
      {
        tenderId: row.tenderId,
        lotId: row.lotId,
        signedAt: values.signedAt?.format('YYYY-MM-DD'),
        amount: values.amount ?? undefined,
        fileIds: (values.files ?? []).map((file) => file.id),
      } satisfies Partial<RouteInput<typeof contractApi.insertContract>>,
      (input) => insert.mutateAsync(input),
      '合同已录入',
    );

  const submit = (values: Values) =>
    new Promise<void>((resolve) => {
      modal.confirm({
        title: '确认录入合同？',
        width: 480,
        content: (
          <>
            <p>
              {project}：{row.supplierName}，签订日期 {values.signedAt?.format('YYYY-MM-DD')}，
              合同金额 {formatMoney(values.amount)}，合同文件 {values.files.length} 个。
            </p>
            <p>合同录入后不能修改；该标段各投标人的投标保证金自此开始计算 5 日的退还期限。</p>
          </>
        ),
        okText: '确认录入',
        cancelText: '再检查一下',
        onCancel: () => resolve(),
        onOk: () => send(values).finally(resolve),
      });
    });

  return (
    <FormModal<Values>
      form={form}
      name="record-contract"
      label="录入合同"
      title={`录入合同 · ${project}`}
      open
      width={640}
      saving={insert.isPending}
      okText="录入"
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ signedAt: dayjs(today), amount: row.awardedAmount, files: [] }}
      notice={
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="中标人">{row.supplierName}</Descriptions.Item>
          <Descriptions.Item label="中标金额">
            {awarded}（{amountInWords(row.awardedAmount)}）
          </Descriptions.Item>
          <Descriptions.Item label="中标通知书">{formatDateTime(row.noticeAt)}</Descriptions.Item>
          <Descriptions.Item label="合同期限">
            {row.dueAt}（通知书发出后 {CONTRACT_DEADLINE_DAYS} 日内）
          </Descriptions.Item>
        </Descriptions>
      }
    >
      <Form.Item
        name="signedAt"
        label="签订日期"
        rules={[{ required: true, message: '请选择合同签订日期' }]}
        extra={`不早于中标通知书发出之日（${noticeDay}），不晚于今天`}
      >
        <DatePicker
          style={{ width: '100%' }}
          aria-label="签订日期"
          disabledDate={(day) => {
            const text = day.format('YYYY-MM-DD');
            return text < noticeDay || text > today;
          }}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label="合同金额"
        rules={[
          { required: true, message: '请输入合同金额' },
          {
            validator: async (_rule, value: number | null | undefined) => {
              if (value !== null && value !== undefined && value !== row.awardedAmount)
                throw new Error(`合同金额须等于中标金额 ${awarded}`);
            },
          },
        ]}
        extra={
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            已按中标金额填写，须与中标金额一致。{LAW_46}
          </Typography.Text>
        }
      >
        <InputNumber<number>
          style={{ width: '100%' }}
          aria-label="合同金额"
          min={0}
          precision={2}
          // Two decimals once typed, as amounts read everywhere else (¥3,250,000.50).
          formatter={(value, info) =>
            amountFormatter(
              info.userTyping || value === undefined || `${value}` === ''
                ? value
                : Number(value).toFixed(2),
            )
          }
          parser={amountParser}
        />
      </Form.Item>
      <Form.Item
        name="files"
        label="合同文件"
        rules={[{ required: true, type: 'array', min: 1, message: '请上传已签订的合同文件' }]}
      >
        <FileUpload maxCount={10} />
      </Form.Item>
    </FormModal>
  );
}
