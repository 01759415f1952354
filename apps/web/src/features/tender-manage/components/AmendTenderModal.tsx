import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Col,
  Descriptions,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { lotLabel, tenderApi } from '@tender/contracts';
import type { z } from 'zod';
import { rulesFrom, showServerFieldErrors, type FieldErrorTarget } from '@/lib/form-errors';
import { useAmendTender, type AmendInput } from '../api/amend-ttender';
import { AmountInput, AmountWords } from './AmountInput';
import {
  BidValidityField,
  BondFormsField,
  ContactFields,
  DateTimeInput,
  DateTimeRangeInput,
  QuestionsUntilField,
  TenderContentFields,
  WholeNumberInput,
} from './TenderFields';
import {
  followDeadline,
  formNameOfField,
  toFormValues,
  toTenderInput,
  type TenderFormValues,
  type TenderWithLots,
} from './tender-form-values';
import { LotsEditor } from './LotsEditor';
import { EvaluationEditor } from './EvaluationEditor';
import { AmendmentChanges } from './AmendmentChanges';
import '../tender-manage.css';
import { useFeedback } from '@/lib/feedback';
import { formatDateTime } from '@/lib/time';

const rules = rulesFrom(tenderApi.amendTenderSchema);
/** The fields an amendment may change (method, seal mode and invitees are fixed at publication). */
const AMENDABLE = [
  'title',
  'budget',
  'priceCeiling',
  'contact',
  'contactPhone',
  'description',
  'docsFrom',
  'docsUntil',
  'bidValidityDays',
  'bidDeadline',
  'openingAt',
  'minBids',
  'documentIds',
  'lots',
  'maxLotsPerWinner',
  'evaluation',
  'questionsUntil',
  'bondForms',
] as const;

type AmendFormValues = TenderFormValues & { reason?: string; lotIds?: number[] };
type Preview = z.infer<typeof tenderApi.amendmentResult>;

/** The changed amendable fields of the form against the published tender. */
export function amendedFields(
  tender: TenderWithLots,
  values: TenderFormValues,
): Record<string, unknown> {
  const before = toTenderInput(toFormValues(tender)) as Record<string, unknown>;
  const after = toTenderInput(values) as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const key of AMENDABLE) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      changed[key] = after[key];
  }
  return changed;
}

/**
 * 澄清/修改 of a published tender: the reason and the fields to change; 预览 asks the server for
 * the resulting dates (the 15-day rule may move the deadline), 确认修改 saves the amendment.
 */
export function AmendTenderModal({
  tender,
  onClose,
}: {
  tender?: TenderWithLots;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<AmendFormValues>();
  const amend = useAmendTender();
  const [preview, setPreview] = useState<{ input: AmendInput; result: Preview }>();
  const [noChange, setNoChange] = useState(false);
  const lastDeadline = useRef<Dayjs | null | undefined>(undefined);
  const splitLots = Form.useWatch('splitLots', form);
  const bidDeadline = Form.useWatch('bidDeadline', form);
  const lots = tender?.lots ?? [];

  useEffect(() => {
    if (!tender) return;
    form.resetFields();
    const values = toFormValues(tender);
    form.setFieldsValue({ ...values, lotIds: (tender.lots ?? []).map((lot) => lot.lotId) });
    lastDeadline.current = values.bidDeadline;
  }, [tender, form]);

  const close = () => {
    setPreview(undefined);
    setNoChange(false);
    onClose();
  };

  const target: FieldErrorTarget = {
    getFieldsError: form.getFieldsError,
    setFields: (fields) =>
      form.setFields(fields.map((f) => ({ ...f, name: formNameOfField(f.name) as never }))),
  };

  const onValuesChange = (changed: Partial<AmendFormValues>) => {
    setNoChange(false);
    if (!('bidDeadline' in changed)) return;
    const opening = followDeadline(
      lastDeadline.current,
      changed.bidDeadline,
      form.getFieldValue('openingAt') as Dayjs | null,
    );
    lastDeadline.current = changed.bidDeadline;
    form.setFieldValue('openingAt', opening ?? null);
  };

  const runPreview = async () => {
    if (!tender) return;
    let values: AmendFormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as AmendFormValues;
    } catch {
      return;
    }
    const changes = amendedFields(tender, values);
    if (Object.keys(changes).length === 0) {
      setNoChange(true);
      return;
    }
    // 涉及标段: only these lots' bids need re-confirmation (every lot unless narrowed).
    const affected = lots.length > 1 ? { lotIds: values.lotIds } : {};
    const input = {
      id: tender.id,
      reason: values.reason ?? '',
      ...changes,
      ...affected,
    } as AmendInput;
    try {
      const result = await amend.mutateAsync({ ...input, preview: true });
      setPreview({ input, result });
    } catch (error) {
      showServerFieldErrors(target, error);
    }
  };

  const confirm = async () => {
    if (!preview) return;
    try {
      const result = await amend.mutateAsync({ ...preview.input, preview: false });
      message.success(
        result.deadlineExtended
          ? `已发布第 ${result.amendmentNo} 号澄清/修改，投标截止时间顺延至 ${formatDateTime(result.bidDeadline)}`
          : `已发布第 ${result.amendmentNo} 号澄清/修改`,
      );
      close();
    } catch (error) {
      setPreview(undefined);
      showServerFieldErrors(target, error);
    }
  };

  const half = { xs: 24, md: 12 };
  const footer = preview
    ? [
        <Button key="back" onClick={() => setPreview(undefined)}>
          返回修改
        </Button>,
        <Button key="ok" type="primary" loading={amend.isPending} onClick={confirm}>
          确认修改
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="preview" type="primary" loading={amend.isPending} onClick={runPreview}>
          预览修改结果
        </Button>,
      ];

  return (
    <Modal
      open={tender !== undefined}
      title={`澄清/修改：${tender?.tenderNo ?? ''}`}
      width={960}
      onCancel={close}
      footer={footer}
      forceRender
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', paddingRight: 8 } }}
    >
      {preview && tender && (
        <AmendPreview tender={tender} result={preview.result} reason={preview.input.reason} />
      )}
      <div style={{ display: preview ? 'none' : undefined }}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="修改后的内容将作为编号的澄清/修改记录通知所有已报名的供应商。"
          description={
            tender?.mandatory
              ? '依法必须招标：距投标截止不足 15 日的澄清/修改，投标截止与开标时间将自动顺延，确认前可预览。'
              : undefined
          }
        />
        {noChange && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="没有修改任何内容" />
        )}
        <Form<AmendFormValues>
          form={form}
          name="amend-tender"
          aria-label="澄清/修改"
          layout="vertical"
          onValuesChange={onValuesChange}
        >
          <Form.Item name="reason" label="澄清/修改原因" rules={rules.reason}>
            <Input.TextArea
              rows={3}
              maxLength={1000}
              showCount
              placeholder="说明澄清或修改的内容与原因"
            />
          </Form.Item>
          {lots.length > 1 && (
            <Form.Item
              name="lotIds"
              label="涉及标段"
              rules={[{ required: true, type: 'array', min: 1, message: '至少选择 1 个标段' }]}
              extra="仅涉及标段的已递交投标需要重新确认；默认全部标段"
            >
              <Select
                mode="multiple"
                placeholder="选择本次澄清/修改涉及的标段"
                options={[...lots]
                  .sort((a, b) => a.lotNo - b.lotNo)
                  .map((lot) => ({ value: lot.lotId, label: lotLabel(lot) }))}
              />
            </Form.Item>
          )}
          <Row gutter={16}>
            <Col xs={24}>
              <Form.Item name="title" label="招标标题" rules={rules.title}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="bidDeadline"
                label="投标截止时间"
                rules={[{ required: true, message: '请选择投标截止时间' }]}
              >
                <DateTimeInput />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="openingAt" label="开标时间">
                <DateTimeInput />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="docsWindow" label="招标文件获取期">
                <DateTimeRangeInput />
              </Form.Item>
            </Col>
            <QuestionsUntilField mandatory={!!tender?.mandatory} bidDeadline={bidDeadline} />
            <BidValidityField rules={rules} />
            {!splitLots && (
              <>
                <Col {...half}>
                  <Form.Item
                    name="budget"
                    label="预算金额"
                    rules={rules.budget}
                    extra={<AmountWords name="budget" />}
                  >
                    <AmountInput />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item
                    name="priceCeiling"
                    label="最高投标限价"
                    rules={rules.priceCeiling}
                    extra={<AmountWords name="priceCeiling" />}
                  >
                    <AmountInput placeholder="可不填" />
                  </Form.Item>
                </Col>
              </>
            )}
            <ContactFields rules={rules} />
            {!splitLots && (
              <Col {...half}>
                <Form.Item name="minBids" label="最少有效投标数" rules={rules.minBids}>
                  <WholeNumberInput min={1} max={50} />
                </Form.Item>
              </Col>
            )}
            <BondFormsField />
            {splitLots && (
              <Col xs={24}>
                <Typography.Title level={5} className="tender-form-section">
                  标段
                </Typography.Title>
                <LotsEditor fixed currency={tender?.currency} />
              </Col>
            )}
            {splitLots && lots.length > 1 && (
              <Col {...half}>
                <Form.Item
                  name="maxLotsPerWinner"
                  label="兼投不兼中：每个投标人最多中标标段数"
                  rules={rules.maxLotsPerWinner}
                  extra="不填则不限"
                >
                  <WholeNumberInput min={1} max={lots.length} placeholder="不限" />
                </Form.Item>
              </Col>
            )}
          </Row>
          <Typography.Title level={5} className="tender-form-section">
            评标设置
          </Typography.Title>
          <EvaluationEditor
            mandatory={!!tender?.mandatory}
            budget={tender?.budget}
            currency={tender?.currency}
          />
          <TenderContentFields rules={rules} />
        </Form>
      </div>
    </Modal>
  );
}

/** What the amendment will do, as the server computed it, before it is saved. */
function AmendPreview({
  tender,
  result,
  reason,
}: {
  tender: TenderWithLots;
  result: Preview;
  reason: string;
}) {
  return (
    <div data-testid="amend-preview">
      {result.deadlineExtended ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="按“截止前不少于 15 日”的规定，投标截止时间将自动顺延"
          description={
            <>
              投标截止：{formatDateTime(tender.bidDeadline)} →{' '}
              <span className="amend-deadline-extended">{formatDateTime(result.bidDeadline)}</span>
              ；开标时间：{formatDateTime(result.openingAt)}
            </>
          }
        />
      ) : (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title="确认后将发布以下澄清/修改"
        />
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          { key: 'no', label: '编号', children: `第 ${result.amendmentNo} 号` },
          { key: 'reason', label: '原因', children: reason },
          {
            key: 'deadline',
            label: '投标截止时间',
            children: (
              <span className={result.deadlineExtended ? 'amend-deadline-extended' : undefined}>
                {formatDateTime(result.bidDeadline)}
              </span>
            ),
          },
          { key: 'opening', label: '开标时间', children: formatDateTime(result.openingAt) },
        ]}
      />
      <Typography.Title level={5}>修改内容</Typography.Title>
      <AmendmentChanges changes={result.changes} />
    </div>
  );
}
