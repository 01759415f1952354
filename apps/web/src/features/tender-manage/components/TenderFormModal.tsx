import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Col,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Switch,
  Tooltip,
  Typography,
  type FormRule,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { tenderApi } from '@tender/contracts';
import {
  PROCUREMENT_METHOD_OPTIONS,
  procurementMethodLabel,
  restrictsToInvitees,
} from '@tender/contracts/procurement-method';
import {
  parseForm,
  rulesFrom,
  showServerFieldErrors,
  validateForm,
  type FieldErrorTarget,
} from '@/lib/form-errors';
import { useDict } from '@/hooks/use-dict';
import { useSupplierOptions } from '../api/get-supply-option';
import { useInsertTender } from '../api/insert-ttender';
import { useUpdateTender } from '../api/update-ttender';
import { useTender } from '../api/get-ttender-by-id';
import { AmountInput, AmountWords } from './AmountInput';
import {
  BidValidityField,
  BondFormsField,
  ContactFields,
  dateRule,
  DateTimeInput,
  DateTimeRangeInput,
  QuestionsUntilField,
  TenderContentFields,
  WholeNumberInput,
} from './TenderFields';
import '../tender-manage.css';
import {
  defaultSealMode,
  followDeadline,
  formNameOfField,
  TENDER_FORM_DEFAULTS,
  toFormValues,
  toTenderInput,
  type TenderFormValues,
  type TenderWithLots,
} from './tender-form-values';
import { LotsEditor } from './LotsEditor';
import { EvaluationEditor } from './EvaluationEditor';
import { issueAt, lotRuleIssues, lotsBudget, newLotRow, type LotFormRow } from './lot-form-values';
import { useFeedback } from '@/lib/feedback';

const rules = rulesFrom(tenderApi.insertTenderSchema);
const {
  MANDATORY_AMENDMENT_DAYS,
  MANDATORY_MIN_BIDDING_DAYS,
  MANDATORY_MIN_DOCS_DAYS,
  MANDATORY_MIN_BIDS,
} = tenderApi;

export const MANDATORY_HINT =
  `依法必须招标：自发布至投标截止不少于 ${MANDATORY_MIN_BIDDING_DAYS} 日；` +
  `招标文件发售期不少于 ${MANDATORY_MIN_DOCS_DAYS} 日；` +
  `截止前 ${MANDATORY_AMENDMENT_DAYS} 日内的澄清/修改将自动顺延投标截止时间；` +
  `有效投标少于 ${MANDATORY_MIN_BIDS} 家即流标。`;

/** Said beside the switch: turning it on also proposed the remote opening further down. */
export const SEAL_FOLLOWS_HINT =
  '投标密封方式已随之设为「投标人加密」（不见面开标），可在下方「投标密封方式」改回「服务器密封」。';

const SEAL_OPTIONS = [
  { value: 'server', label: '服务器密封' },
  { value: 'bidder', label: '投标人加密（开标时解密）' },
];

function Section({ title }: { title: string }) {
  return (
    <Typography.Title level={5} className="tender-form-section">
      {title}
    </Typography.Title>
  );
}

/** Paints contract field errors on the form's own fields (the docs window is one picker). */
const remapped = (form: FieldErrorTarget): FieldErrorTarget => ({
  ...form,
  setFields: (fields) =>
    form.setFields(fields.map((f) => ({ ...f, name: formNameOfField(f.name) as never }))),
});

/** 兼投不兼中 within the number of lots: the contract's own message. */
const lotCapRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_, value: number | null | undefined) => {
    const issues = lotRuleIssues(getFieldValue('lots') as LotFormRow[] | undefined, {
      maxLotsPerWinner: value ?? null,
    });
    const message = issueAt(issues, ['maxLotsPerWinner']);
    if (message) throw new Error(message);
  },
});

/**
 * Creates a draft or edits one: every field of the contract, grouped. `tender` undefined adds;
 * a list row (without its lots) is read again whole before it is shown.
 */
export function TenderFormModal({
  open,
  tender,
  onClose,
}: {
  open: boolean;
  tender?: TenderWithLots;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<TenderFormValues>();
  const insert = useInsertTender();
  const update = useUpdateTender();
  const categories = useDict('tender_category');
  const regions = useDict('region');
  const currencies = useDict('currency');
  const method = Form.useWatch('procurementMethod', form);
  const sealMode = Form.useWatch('sealMode', form);
  const mandatory = Form.useWatch('mandatory', form);
  const bidDeadline = Form.useWatch('bidDeadline', form);
  const splitLots = Form.useWatch('splitLots', form);
  const lotRows = Form.useWatch('lots', form);
  const currency = Form.useWatch('currency', form);
  const budget = Form.useWatch('budget', form);
  const detail = useTender(open && tender && !tender.lots ? tender.id : undefined);
  const full: TenderWithLots | undefined = tender?.lots ? tender : detail.data;
  const savedLots = full?.lots ?? [];
  const inviting = method !== undefined && restrictsToInvitees(method);
  const suppliers = useSupplierOptions(open && inviting);
  const lastDeadline = useRef<Dayjs | null | undefined>(undefined);
  // The seal mode follows 依法必须招标 until the manager picks one (or edits a saved draft).
  const [sealPicked, setSealPicked] = useState(tender !== undefined);
  const [shownFor, setShownFor] = useState({ open, tender });
  if (shownFor.open !== open || shownFor.tender !== tender) {
    // A new opening of the dialog starts over (React's "adjust state on a prop change").
    setShownFor({ open, tender });
    setSealPicked(tender !== undefined);
  }

  useEffect(() => {
    if (!open || (tender && !full)) return;
    form.resetFields();
    const values = full ? toFormValues(full) : TENDER_FORM_DEFAULTS;
    form.setFieldsValue(values);
    lastDeadline.current = values.bidDeadline;
  }, [open, tender, full, form]);

  /** 分标段招标 on: the tender's own figures become the first lot, and a second is added. */
  const splitIntoLots = () => {
    const values = form.getFieldsValue(true) as TenderFormValues;
    const saved = savedLots.length === 1 ? savedLots[0] : undefined;
    const first: LotFormRow = {
      ...newLotRow(),
      ...(saved
        ? {
            lotId: saved.lotId,
            bidBond: saved.bidBond,
            quantity: saved.quantity,
            description: saved.description,
          }
        : {}),
      name: values.title ?? '',
      budget: values.budget ?? null,
      priceCeiling: values.priceCeiling ?? null,
      minBids: values.minBids ?? newLotRow().minBids,
    };
    form.setFieldsValue({ lots: [first, newLotRow()], priceCeiling: null });
  };

  /** Back to one lot: its figures return to the tender's own fields. */
  const joinLots = () => {
    const rows = (form.getFieldValue('lots') as LotFormRow[] | undefined) ?? [];
    const only = rows.length === 1 ? rows[0] : undefined;
    form.setFieldsValue({
      budget: lotsBudget(rows) || null,
      priceCeiling: only?.priceCeiling ?? null,
      ...(only?.minBids ? { minBids: only.minBids } : {}),
      lots: [],
      maxLotsPerWinner: null,
    });
  };

  const onValuesChange = (changed: Partial<TenderFormValues>) => {
    if ('splitLots' in changed) {
      if (changed.splitLots) splitIntoLots();
      else joinLots();
    }
    if (changed.mandatory) {
      const rows = (form.getFieldValue('lots') as LotFormRow[] | undefined) ?? [];
      if (rows.some((row) => (row.minBids ?? 0) < MANDATORY_MIN_BIDS))
        form.setFieldValue(
          'lots',
          rows.map((row) => ({ ...row, minBids: Math.max(row.minBids ?? 0, MANDATORY_MIN_BIDS) })),
        );
    }
    // Law 57: a tender the law requires is evaluated by a committee (the switch is then locked).
    if (changed.mandatory) form.setFieldValue(['evaluation', 'committee'], true);
    if ('sealMode' in changed) setSealPicked(true);
    if ('mandatory' in changed && !sealPicked)
      form.setFieldValue('sealMode', defaultSealMode(changed.mandatory));
    const minBids = form.getFieldValue('minBids') as number | undefined;
    if (changed.mandatory && (minBids ?? 0) < MANDATORY_MIN_BIDS)
      form.setFieldValue('minBids', MANDATORY_MIN_BIDS);
    if (!('bidDeadline' in changed)) return;
    const opening = followDeadline(
      lastDeadline.current,
      changed.bidDeadline,
      form.getFieldValue('openingAt') as Dayjs | null,
    );
    lastDeadline.current = changed.bidDeadline;
    form.setFieldValue('openingAt', opening ?? null);
  };

  const submit = async () => {
    if (!(await validateForm(form))) return;
    const target = remapped(form);
    const raw = toTenderInput(form.getFieldsValue(true) as TenderFormValues);
    try {
      if (tender) {
        const input = parseForm(target, tenderApi.updateTenderSchema, { ...raw, id: tender.id });
        if (!input) return;
        await update.mutateAsync(input);
        message.success('修改成功');
      } else {
        const input = parseForm(target, tenderApi.insertTenderSchema, raw);
        if (!input) return;
        const created = await insert.mutateAsync(input);
        message.success(`已创建招标草稿 ${created.tenderNo}`);
      }
      onClose();
    } catch (error) {
      showServerFieldErrors(target, error);
    }
  };

  const heading = tender ? `编辑招标 ${tender.tenderNo}` : '新建招标';
  const half = { xs: 24, md: 12 };
  const third = { xs: 24, sm: 12, md: 8 };

  return (
    <Modal
      open={open}
      title={heading}
      width={1000}
      onCancel={onClose}
      onOk={submit}
      okText="保存草稿"
      confirmLoading={insert.isPending || update.isPending}
      loading={!!tender && !full}
      forceRender
      destroyOnHidden={false}
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', paddingRight: 8 } }}
    >
      <Form<TenderFormValues>
        form={form}
        name="tender-form"
        aria-label={heading}
        layout="vertical"
        initialValues={TENDER_FORM_DEFAULTS}
        onValuesChange={onValuesChange}
        className="tender-form"
      >
        <Section title="基本信息" />
        <Row gutter={16}>
          <Col xs={24}>
            <Form.Item name="title" label="招标标题" rules={rules.title}>
              <Input placeholder="如：2026 年度 110kV 主变压器采购" maxLength={200} showCount />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="category" label="设备类别" rules={rules.category}>
              <Select
                placeholder="请选择设备类别"
                options={categories.options}
                loading={categories.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="region" label="地区" rules={rules.region}>
              <Select
                placeholder="请选择地区"
                allowClear
                options={regions.options}
                loading={regions.isLoading}
              />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="procurementMethod" label="采购方式">
              <Radio.Group options={PROCUREMENT_METHOD_OPTIONS} optionType="button" />
            </Form.Item>
          </Col>
          {inviting && (
            <Col xs={24}>
              <Form.Item
                name="invitedSupplierIds"
                label="邀请供应商"
                rules={[
                  {
                    required: true,
                    type: 'array',
                    min: 1,
                    message: `${procurementMethodLabel(method)}至少邀请一家供应商`,
                  },
                ]}
                extra="仅被邀请的供应商可以报名和投标（《招标投标法》：邀请招标应向三个以上供应商发出邀请）"
              >
                <Select
                  mode="multiple"
                  placeholder="选择已通过审核的供应商"
                  options={suppliers.data}
                  loading={suppliers.isLoading}
                  showSearch={{ optionFilterProp: 'label' }}
                />
              </Form.Item>
            </Col>
          )}
          <Col {...third}>
            <Form.Item name="splitLots" hidden valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item
              label="分标段招标"
              extra={
                splitLots
                  ? '各标段分别投标、开标、评标和定标'
                  : '一个招标分为多个标段（标包）时打开'
              }
            >
              {/* A draft saved with several lots keeps its table: delete rows down to one instead. */}
              <Tooltip
                title={
                  savedLots.length > 1 ? '已保存多个标段：可在标段表中删除多余的标段' : undefined
                }
              >
                <Switch
                  checked={!!splitLots}
                  disabled={savedLots.length > 1}
                  checkedChildren="是"
                  unCheckedChildren="否"
                  aria-label="分标段招标"
                  onChange={(checked) => {
                    form.setFieldValue('splitLots', checked);
                    onValuesChange({ splitLots: checked });
                  }}
                />
              </Tooltip>
            </Form.Item>
          </Col>
          {!splitLots && (
            <Col {...third}>
              <Form.Item
                name="budget"
                label="预算金额"
                rules={rules.budget}
                extra={<AmountWords name="budget" />}
              >
                <AmountInput placeholder="0.00" />
              </Form.Item>
            </Col>
          )}
          <Col {...third}>
            <Form.Item name="currency" label="币种" rules={rules.currency}>
              <Select options={currencies.options} loading={currencies.isLoading} />
            </Form.Item>
          </Col>
          {splitLots && (
            <Col xs={24}>
              <LotsEditor currency={currency} />
            </Col>
          )}
          {splitLots && (lotRows?.length ?? 0) >= 2 && (
            <Col xs={24} md={16}>
              <Form.Item
                name="maxLotsPerWinner"
                label="兼投不兼中：每个投标人最多中标标段数"
                dependencies={['lots']}
                rules={[...rules.maxLotsPerWinner, lotCapRule]}
                extra="投标人可投所有标段，但最多中此数量的标段；不填则不限"
              >
                <WholeNumberInput min={1} max={lotRows?.length} placeholder="不限" />
              </Form.Item>
            </Col>
          )}
          {!splitLots && (
            <Col {...third}>
              <Form.Item
                name="priceCeiling"
                label="最高投标限价"
                dependencies={['budget']}
                rules={[
                  ...rules.priceCeiling,
                  ({ getFieldValue }) => ({
                    validator: async (_, value: number | null) => {
                      const budget = getFieldValue('budget') as number | null;
                      if (value && budget && value > budget)
                        throw new Error('最高投标限价不能高于预算金额');
                    },
                  }),
                ]}
                extra={<AmountWords name="priceCeiling" />}
              >
                <AmountInput placeholder="可不填" />
              </Form.Item>
            </Col>
          )}
          <ContactFields rules={rules} />
          <Col xs={24}>
            <Form.Item name="mandatory" label="依法必须招标" valuePropName="checked">
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            {mandatory && (
              <Alert
                type="info"
                showIcon
                title={MANDATORY_HINT}
                description={!sealPicked && sealMode === 'bidder' ? SEAL_FOLLOWS_HINT : undefined}
                style={{ marginBottom: 16 }}
              />
            )}
          </Col>
        </Row>

        <Section title="时间安排" />
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              name="bidDeadline"
              label="投标截止时间"
              dependencies={['mandatory']}
              rules={[{ required: true, message: '请选择投标截止时间' }, dateRule('bidDeadline')]}
            >
              <DateTimeInput />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="openingAt"
              label="开标时间"
              dependencies={['bidDeadline']}
              extra="默认与投标截止时间相同"
              rules={[dateRule('openingAt')]}
            >
              <DateTimeInput />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="docsWindow"
              label="招标文件获取期"
              dependencies={['bidDeadline', 'mandatory']}
              extra="不填则为发布至投标截止"
              rules={[dateRule('docsWindow')]}
            >
              <DateTimeRangeInput placeholder={['开始', '结束']} />
            </Form.Item>
          </Col>
          <QuestionsUntilField mandatory={!!mandatory} bidDeadline={bidDeadline} />
          <BidValidityField rules={rules} />
        </Row>

        <Section title="投标要求" />
        <Row gutter={16}>
          {!splitLots && (
            <Col {...third}>
              <Form.Item
                name="minBids"
                label="最少有效投标数"
                rules={rules.minBids}
                extra={
                  mandatory
                    ? `不足则流标；依法必须招标的项目不少于 ${MANDATORY_MIN_BIDS} 家`
                    : '不足则流标'
                }
              >
                <WholeNumberInput min={mandatory ? MANDATORY_MIN_BIDS : 1} max={50} />
              </Form.Item>
            </Col>
          )}
          <Col {...third}>
            <Form.Item
              name="confirmMinutes"
              label="开标记录确认时限（分钟）"
              rules={rules.confirmMinutes}
              extra="开标后投标人在此时限内确认开标记录或提出异议"
            >
              <WholeNumberInput min={5} max={1440} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="sealMode"
              label="投标密封方式"
              extra={
                sealMode === 'bidder'
                  ? '不见面开标：报价在投标人浏览器中加密，开标时由各投标人在解密时限内自行解密；发布后不能更改。'
                  : '报价由平台加密保存，开标时一次性解密；发布后不能更改。'
              }
            >
              <Radio.Group options={SEAL_OPTIONS} />
            </Form.Item>
          </Col>
          {sealMode === 'bidder' && (
            <Col {...third}>
              <Form.Item
                name="decryptionMinutes"
                label="解密时限（分钟）"
                rules={rules.decryptionMinutes}
              >
                <WholeNumberInput min={5} max={240} />
              </Form.Item>
            </Col>
          )}
          <BondFormsField />
        </Row>

        <Section title="评标设置" />
        <EvaluationEditor
          mandatory={!!mandatory}
          budget={splitLots ? lotsBudget(lotRows) : budget}
          currency={currency}
        />

        <Section title="招标文件" />
        <TenderContentFields
          rules={rules}
          documentsHint="招标文件、技术规范书、图纸等（PDF、Word、Excel、ZIP）"
        />
      </Form>
    </Modal>
  );
}
