import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Select, Typography } from 'antd';
import { KeyOutlined, LockOutlined } from '@ant-design/icons';
import { bidApi, type BiddableTender, type Receipt } from '@tender/contracts';
import { FormModal } from '@/components/FormModal';
import { FileUpload, type UploadedFileRef } from '@/components/FileUpload';
import { useModalForm } from '@/hooks/use-modal-form';
import { amountFormatter, amountParser, formatMoney } from '@/lib/amount';
import { amountInWords } from '@/lib/amount-in-words';
import { newContentKey } from '@/lib/bid-crypto';
import { encryptFileForBid, sealInBrowser } from '@/lib/bid-crypto-client';
import { parseForm, rulesFrom, showServerFieldErrors } from '@/lib/form-errors';
import { useSubmitBid } from '../api/submit-bid';
import { makeEnvelope, type BidEnvelope } from '../sealing/envelope';
import { PassphraseFields } from '../sealing/PassphraseFields';
import { useFeedback } from '@/lib/feedback';

interface QuotationValues {
  totalPrice?: number;
  currency: string;
  deliveryDays?: number;
  warrantyMonths?: number;
  remark?: string;
  files: UploadedFileRef[];
  /** `bidder` mode only: never sent, never stored. */
  passphrase?: string;
  passphrase2?: string;
}

/** The upload marker of a `bidder`-mode attachment: the bytes are already ciphertext. */
export const SEALED_UPLOAD_PURPOSE = 'sealed-bid';

const rules = rulesFrom(bidApi.sealedQuotation);

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
  // A `bidder`-mode bid is unreadable here, and a revision gets a new key: nothing to prefill.
  if (tender.sealMode === 'bidder') return { currency: tender.currency, files: [] };
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
 * In `bidder` mode the browser encrypts: a fresh content key per form, the attachments encrypted
 * with it as they are picked, the quotation sealed under the passphrase on 提交; `onSubmitted`
 * then gets the 密码信封 too.
 */
export function QuotationModal({
  tender,
  onClose,
  onSubmitted,
}: {
  tender: BiddableTender;
  onClose: () => void;
  onSubmitted: (receipt: Receipt, envelope?: BidEnvelope) => void;
}) {
  const { modal, message } = useFeedback();
  const { form, save } = useModalForm<QuotationValues>(onClose);
  const submitBid = useSubmitBid();
  const price = Form.useWatch('totalPrice', form);
  const revising = tender.myBid?.status === 'submitted';
  const bidderMode = tender.sealMode === 'bidder';
  // One key per form: the attachments picked here and the quotation share it.
  const [contentKey] = useState(newContentKey);
  const [sealing, setSealing] = useState(false);

  const submitSealed = async (values: QuotationValues) => {
    const { passphrase = '', files, ...terms } = values;
    const quotation = parseForm(form, bidApi.sealedQuotation, {
      ...terms,
      passphrase2: undefined,
      fileIds: files.map((file) => file.id),
    });
    if (!quotation) return;
    setSealing(true);
    try {
      const sealed = await sealInBrowser(quotation, contentKey, passphrase);
      const receipt = await submitBid.mutateAsync({
        tenderId: tender.id,
        currency: quotation.currency,
        fileIds: quotation.fileIds,
        sealed,
      });
      message.success('报价已在本机加密并提交');
      onSubmitted(receipt, makeEnvelope(contentKey, tender, receipt));
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    } finally {
      setSealing(false);
    }
  };

  const submit = (values: QuotationValues) =>
    new Promise<void>((resolve) => {
      modal.confirm({
        title: revising ? '确认提交新版本报价？' : '确认提交报价？',
        icon: <LockOutlined />,
        content: bidderMode
          ? '报价将在本机用您的解密口令加密后提交，任何人（包括平台）都无法解密。开标时须由贵公司凭口令或密码信封在解密时限内解密，否则投标无效。'
          : `${SEALED_NOTICE}（包括招标方和系统管理员）。截止前可修改或撤回，每次提交生成新版本和回执。`,
        okText: '确认提交',
        cancelText: '再检查一下',
        onCancel: () => resolve(),
        onOk: () =>
          bidderMode
            ? submitSealed(values).finally(resolve)
            : save(
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
      saving={submitBid.isPending || sealing}
      okText="提交"
      onSubmit={submit}
      onClose={onClose}
      initialValues={initialValuesOf(tender)}
      notice={
        <>
          {bidderMode && <BidderModeNotice revising={revising} />}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
            <LockOutlined /> {SEALED_NOTICE}。预算 {formatMoney(tender.budget, tender.currency)}
            {tender.priceCeiling !== null &&
              `，最高限价 ${formatMoney(tender.priceCeiling, tender.currency)}（超出者开标时判为无效）`}
            。
          </Typography.Paragraph>
        </>
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
        {bidderMode ? (
          <FileUpload
            purpose={SEALED_UPLOAD_PURPOSE}
            maxCount={20}
            prepare={(file) => encryptFileForBid(file, contentKey)}
            hint="文件先在本机加密再上传，开标解密前任何人都无法读取"
          />
        ) : (
          <FileUpload
            purpose="bid"
            maxCount={20}
            hint="投标文件同样加密保存，开标前任何人都无法下载"
          />
        )}
      </Form.Item>
      {bidderMode && <PassphraseFields />}
    </FormModal>
  );
}

/** What `bidder` mode asks of the supplier, said before it types anything. */
function BidderModeNotice({ revising }: { revising: boolean }) {
  return (
    <Alert
      type="warning"
      showIcon
      icon={<KeyOutlined />}
      style={{ marginBottom: 12 }}
      title="投标人加密（不见面开标）"
      description={
        <>
          报价和投标文件在本机加密后才上传，平台和招标方在开标解密前都无法读取。请设置投标解密口令并牢记：开标时须在解密时限内凭口令（或提交后下载的密码信封）解密，忘记口令且没有信封的投标将判为解密失败。
          {revising &&
            ' 修改报价会使用新的密钥：请重新填写报价、重新上传投标文件，并保存新的密码信封，旧信封将不能解密新版本。'}
        </>
      }
    />
  );
}
