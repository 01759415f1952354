import { useEffect } from 'react';
import { Alert, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { bondApi, type RouteInput } from '@tender/contracts';
import { FormModal } from '@/components/FormModal';
import { FileUpload, type UploadedFileRef } from '@/components/FileUpload';
import { useModalForm } from '@/hooks/use-modal-form';
import { useTenderById } from '@/hooks/use-tender';
import { useMySupplier } from '@/hooks/use-my-supplier';
import { amountFormatter, amountParser, formatMoney } from '@/lib/amount';
import { useDeclareBond } from '../api/declare-bond';
import type { LotBid } from '../components/lot-view';
import { acceptedFormOptions, validUntilFloor } from './bond-terms';

interface DeclareValues {
  form?: bondApi.BondForm;
  amount?: number | null;
  payerName?: string;
  payerAccount?: string;
  guaranteeNo?: string;
  issuer?: string;
  validUntil?: Dayjs | null;
  /** The uploaded vouchers; their ids go as fileIds. */
  fileIds?: UploadedFileRef[];
}

/** The last declaration's values, to start a 重新申报 from. */
const valuesOf = (bond: bondApi.Bond): DeclareValues => ({
  form: bond.form,
  amount: bond.amount,
  payerName: bond.payerName,
  payerAccount: bond.payerAccount,
  guaranteeNo: bond.guaranteeNo ?? undefined,
  issuer: bond.issuer ?? undefined,
  validUntil: bond.validUntil ? dayjs(bond.validUntil) : null,
  fileIds: bond.files,
});

/**
 * 申报保证金 / 重新申报 for one lot: a form the tender accepts, at least the required amount, the
 * payer and its account, and for a guarantee or insurance its number, issuer and last valid day
 * (no earlier than the deadline plus the bid validity), with the vouchers. The contract's schema
 * checks it before sending; the server's refusals show beside their fields.
 */
export function DeclareBondModal({
  view,
  current,
  onClose,
}: {
  view: LotBid;
  /** The lot's standing declaration, when this replaces it. */
  current?: bondApi.Bond;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<DeclareValues>(onClose);
  const declare = useDeclareBond();
  const tender = useTenderById(view.id);
  const company = useMySupplier();
  const chosen = Form.useWatch('form', form);
  const required = view.lot?.bidBond ?? 0;
  const floor = validUntilFloor(view);
  const options = acceptedFormOptions(tender.data?.bondForms ?? []);

  // Once what it depends on has loaded, a fresh declaration starts from the required amount, the
  // company as payer and the only form if there is one; a 重新申报 from the last declaration.
  const ready = !tender.isLoading && !company.isLoading;
  useEffect(() => {
    if (!ready) return;
    form.setFieldsValue(
      current
        ? valuesOf(current)
        : {
            amount: required,
            payerName: company.data?.companyName,
            form: options.length === 1 ? options[0]!.value : undefined,
          },
    );
  }, [ready]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when loaded

  const instrument = chosen !== undefined && bondApi.formHasInstrument(chosen);

  const submit = (values: DeclareValues) =>
    save(
      bondApi.declareBondSchema,
      {
        tenderId: view.id,
        lotId: view.lotId,
        form: values.form,
        amount: values.amount ?? undefined,
        payerName: values.payerName,
        payerAccount: values.payerAccount,
        ...(instrument && {
          guaranteeNo: values.guaranteeNo,
          issuer: values.issuer,
          validUntil: values.validUntil?.format('YYYY-MM-DD'),
        }),
        fileIds: (values.fileIds ?? []).map((file) => file.id),
      } satisfies Partial<RouteInput<typeof bondApi.declareBond>>,
      declare.mutateAsync,
      current ? '已重新申报，等待财务核验' : '已申报，等待财务核验',
    );

  return (
    <FormModal<DeclareValues>
      form={form}
      name="declare-bond"
      label="申报保证金"
      title={`${current ? '重新申报' : '申报'}保证金：${view.title}`}
      open
      width={640}
      saving={declare.isPending}
      loading={!ready}
      okText={current ? '重新申报' : '提交申报'}
      onSubmit={submit}
      onClose={onClose}
      notice={
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`应缴保证金 ${formatMoney(required, view.currency)}，须在投标截止前申报；未核验通过的投标在开标时按无效投标处理。`}
          description={
            current
              ? '重新申报将替换原申报，需财务重新核验。'
              : '保证金应从投标人基本账户转出；财务核验后状态会更新。'
          }
        />
      }
    >
      <Form.Item
        name="form"
        label="保证金形式"
        rules={[{ required: true, message: '请选择保证金形式' }]}
        extra={
          options.length < bondApi.BOND_FORMS.length && tender.data
            ? `本项目接受：${options.map((o) => o.label).join('、')}`
            : undefined
        }
      >
        <Select options={options} placeholder="请选择" />
      </Form.Item>
      <Form.Item
        name="amount"
        label="保证金金额"
        rules={[
          { required: true, message: '请填写保证金金额' },
          {
            validator: (_, value: number | null | undefined) =>
              value == null || value >= required
                ? Promise.resolve()
                : Promise.reject(
                    new Error(`保证金金额不得低于应缴金额 ${formatMoney(required, view.currency)}`),
                  ),
          },
        ]}
      >
        <InputNumber<number>
          min={0}
          precision={2}
          step={1000}
          style={{ width: '100%' }}
          formatter={amountFormatter}
          parser={amountParser}
          suffix="元"
        />
      </Form.Item>
      <Form.Item
        name="payerName"
        label="付款单位"
        rules={[{ required: true, whitespace: true, message: '请填写付款单位' }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="payerAccount"
        label="付款账号"
        rules={[{ required: true, whitespace: true, message: '请填写付款账号' }]}
        extra="8–32 位数字，可用空格分组；其他人只能看到末四位"
      >
        <Input maxLength={40} inputMode="numeric" autoComplete="off" />
      </Form.Item>
      {instrument && (
        <>
          <Form.Item
            name="guaranteeNo"
            // 保函/保单编号 would not fit the dialog's 90 px labels: the form chosen names it.
            label={chosen === 'insurance' ? '保单编号' : '保函编号'}
            rules={[{ required: true, whitespace: true, message: '请填写保函/保单编号' }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="issuer"
            label="出具机构"
            rules={[{ required: true, whitespace: true, message: '请填写出具机构' }]}
          >
            <Input maxLength={100} placeholder="如：中国工商银行某某支行" />
          </Form.Item>
          <Form.Item
            name="validUntil"
            label="有效期至"
            extra={`不得早于 ${floor}（投标截止日加投标有效期 ${view.bidValidityDays} 天）`}
            rules={[
              { required: true, message: '请选择有效期' },
              {
                validator: (_, value: Dayjs | null | undefined) =>
                  !value || value.format('YYYY-MM-DD') >= floor
                    ? Promise.resolve()
                    : Promise.reject(new Error(`有效期至不得早于 ${floor}`)),
              },
            ]}
          >
            <DatePicker
              style={{ width: '100%' }}
              disabledDate={(day) => day.format('YYYY-MM-DD') < floor}
            />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="fileIds"
        label="凭证"
        rules={[{ required: true, type: 'array', min: 1, message: '请上传保证金凭证' }]}
        extra={instrument ? '保函或保单的扫描件' : '银行转账回单'}
      >
        <FileUpload maxCount={10} />
      </Form.Item>
    </FormModal>
  );
}
