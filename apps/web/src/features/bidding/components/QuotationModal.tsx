import { useState } from 'react';
import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import {
  bidApi,
  priceText,
  type SubmissionReceipt,
  type SubmittedQuotation,
} from '@tender/contracts';
import { formatMoney } from '@tender/contracts/format';
import { FormModal } from '@/components/FormModal';
import { FileUpload, type UploadedFileRef } from '@/components/FileUpload';
import { useModalForm } from '@/hooks/use-modal-form';
import { amountFormatter, amountParser } from '@/lib/amount';
import { newContentKey } from '@tender/contracts/bidder-sealing';
import { encryptFileForBid, sealInBrowser } from '@/lib/bid-crypto-client';
import { parseForm, rulesFrom, showServerFieldErrors } from '@/lib/form-errors';
import { useFeedback } from '@/lib/feedback';
import { useSubmitBid } from '../api/submit-bid';
import { makeEnvelope, type BidEnvelope } from '../sealing/envelope';
import { PassphraseFields } from '../sealing/PassphraseFields';
import { bidCopyOf, keepBidCopy, type BidCopy } from '../receipt/bid-copy';
import { aboveCeiling } from './bid-state';
import type { LotBid } from './lot-view';
import { CeilingWarning, PriceInWords, QuotationSummary, SEALED_NOTICE } from './QuotationSummary';
import { BidderModeNotice, RevisionNotice } from './QuotationNotices';

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

/**
 * Where the form starts. A revision is a complete new quotation: nothing on the server answers
 * the sealed one, so the terms come from this tab's own copy of the live revision, else the
 * form starts empty. In `server` mode the live bid's attachments stay listed (their names are
 * the company's to see); a `bidder`-mode revision gets a new key, so its files are uploaded anew.
 */
function startOf(tender: LotBid): { values: QuotationValues; copy: BidCopy | null } {
  const live = tender.myBid?.status === 'submitted' ? tender.myBid : null;
  const bidderMode = tender.sealMode === 'bidder';
  const copy = bidCopyOf(tender.id, tender.lotId, live?.digest);
  const files = bidderMode ? [] : (copy?.files ?? live?.files ?? []);
  if (!copy) return { values: { currency: tender.currency, files }, copy };
  const q = copy.quotation;
  return {
    copy,
    values: {
      totalPrice: Number(q.totalPrice),
      currency: q.currency,
      deliveryDays: q.deliveryDays,
      warrantyMonths: q.warrantyMonths,
      remark: q.remark || undefined,
      files,
    },
  };
}

/**
 * The quotation form: a first bid or a new revision of the live one. Checked with the contract's
 * rules as the user types, the price in 大写 and against the 最高投标限价; 提交 asks once more
 * with the price repeated, because nobody can read the bid back before the opening. In `bidder`
 * mode the browser encrypts: a fresh content key per form, the attachments encrypted with it as
 * they are picked, the quotation sealed under the passphrase on 提交. `onSubmitted` gets the
 * receipt with this browser's copy of the quotation (kept for the tab), and the 密码信封.
 */
export function QuotationModal({
  tender,
  onClose,
  onSubmitted,
}: {
  /** The lot quoted for (a one-lot tender's only lot: the tender as before). */
  tender: LotBid;
  onClose: () => void;
  onSubmitted: (receipt: SubmissionReceipt, copy: BidCopy, envelope?: BidEnvelope) => void;
}) {
  const { modal, message } = useFeedback();
  const { form, save } = useModalForm<QuotationValues>(onClose);
  const submitBid = useSubmitBid();
  const price = Form.useWatch('totalPrice', form);
  const revising = tender.myBid?.status === 'submitted';
  const bidderMode = tender.sealMode === 'bidder';
  const [start] = useState(() => startOf(tender));
  // One key per form: the attachments picked here and the quotation share it.
  const [contentKey] = useState(newContentKey);
  const [sealing, setSealing] = useState(false);

  /** The copy this browser keeps: the server's echo (`server` mode) or what it sealed. */
  const keep = (receipt: SubmissionReceipt, sent: SubmittedQuotation, files: UploadedFileRef[]) => {
    const { fileIds: _ids, ...quotation } = receipt.quotation ?? sent;
    const copy: BidCopy = {
      tenderId: tender.id,
      lotId: receipt.lotId,
      bidId: receipt.bidId,
      revision: receipt.revision,
      digest: receipt.digest,
      submittedAt: receipt.submittedAt,
      quotation,
      files,
    };
    keepBidCopy(copy);
    return copy;
  };

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
        lotId: tender.lotId,
        currency: quotation.currency,
        fileIds: quotation.fileIds,
        sealed,
      });
      message.success('报价已在本机加密并提交');
      const sent = {
        ...quotation,
        totalPrice: priceText(quotation.totalPrice),
        remark: quotation.remark ?? '',
      };
      onSubmitted(receipt, keep(receipt, sent, files), makeEnvelope(contentKey, tender, receipt));
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    } finally {
      setSealing(false);
    }
  };

  const submitInClear = (values: QuotationValues) =>
    save(
      bidApi.submitBidSchema,
      {
        ...values,
        tenderId: tender.id,
        lotId: tender.lotId,
        fileIds: values.files.map((file) => file.id),
      },
      async (input) => {
        const receipt = await submitBid.mutateAsync(input);
        const sent = {
          totalPrice: priceText(input.totalPrice!),
          currency: input.currency,
          deliveryDays: input.deliveryDays!,
          warrantyMonths: input.warrantyMonths!,
          remark: input.remark ?? '',
          fileIds: input.fileIds,
        };
        onSubmitted(receipt, keep(receipt, sent, values.files));
      },
      '报价已提交',
    );

  const submit = (values: QuotationValues) =>
    new Promise<void>((resolve) => {
      modal.confirm({
        title: revising ? '确认提交新版本报价？' : '确认提交报价？',
        icon: <LockOutlined />,
        width: 520,
        content: <QuotationSummary tender={tender} values={values} bidderMode={bidderMode} />,
        okText: '确认提交',
        okButtonProps: aboveCeiling(tender, values.totalPrice) ? { danger: true } : undefined,
        cancelText: '再检查一下',
        onCancel: () => resolve(),
        onOk: () => (bidderMode ? submitSealed(values) : submitInClear(values)).finally(resolve),
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
      initialValues={start.values}
      notice={
        <>
          {bidderMode && <BidderModeNotice revising={revising} />}
          {revising && <RevisionNotice copy={start.copy} />}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
            <LockOutlined /> {SEALED_NOTICE}。{tender.multiLot ? '标段预算' : '预算'}{' '}
            {formatMoney(tender.budget, tender.currency)}
            {tender.lot !== undefined &&
              tender.lot.bidBond > 0 &&
              `，投标保证金 ${formatMoney(tender.lot.bidBond, tender.currency)}`}
            {tender.priceCeiling !== null &&
              `，最高投标限价 ${formatMoney(tender.priceCeiling, tender.currency)}（超出者开标时判为无效）`}
            。
          </Typography.Paragraph>
        </>
      }
    >
      <Form.Item
        name="totalPrice"
        label="投标总价"
        rules={rules.totalPrice}
        validateStatus={aboveCeiling(tender, price) ? 'warning' : undefined}
        extra={
          <>
            <PriceInWords value={price} />
            <CeilingWarning tender={tender} price={price} />
          </>
        }
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
            hint="投标文件同样加密保存，开标前任何人（包括贵公司）都无法下载"
          />
        )}
      </Form.Item>
      {bidderMode && <PassphraseFields />}
    </FormModal>
  );
}
