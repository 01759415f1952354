import { Button, Form, Input, Select, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { FormModal } from '@/components/FormModal';
import { PublicityPeriodField } from '@/components/PublicityPeriodField';
import { formatMoney } from '@/lib/amount';
import {
  defaultPublicityPeriod,
  usePublishCandidatesForm,
} from '@/hooks/use-publish-candidates-form';
import { usePublishCandidates, type CandidateBid } from '../api/publish-candidates';
import { CandidateBidLabel } from './CandidateBidLabel';
import { publicityRule } from './publicity-rule';
import './announcement-feature.css';

interface CandidateValue {
  bidId?: number;
  reason?: string;
}
export interface PublishCandidatesValues {
  candidates: CandidateValue[];
  period?: [Dayjs, Dayjs] | null;
}

export const MAX_CANDIDATES = 3;

/** A fresh default: the best-ranked valid bid first, a three-day period from the next whole hour. */
export function defaultCandidatesValues(bids: CandidateBid[]): PublishCandidatesValues {
  return {
    candidates: bids.slice(0, MAX_CANDIDATES).map((bid) => ({ bidId: bid.bidId, reason: '' })),
    period: defaultPublicityPeriod(),
  };
}

/**
 * 发布候选人公示: rank up to three opened valid bids with reasons and set the publicity period
 * (at least three days). Creates the draft 中标候选人公示, which the manager then publishes.
 */
export function PublishCandidatesModal({
  tenderId,
  lotId,
  lotName,
  bids,
  onClose,
  initialValues,
}: {
  tenderId: number;
  /** The lot whose candidates are published (left out on a one-lot tender). */
  lotId?: number;
  /** 标段 n：名称, on a tender of several lots. */
  lotName?: string;
  /** The form's start (defaultCandidatesValues when absent). */
  initialValues?: PublishCandidatesValues;
  /** The opened valid bids, best ranked first. */
  bids: CandidateBid[];
  onClose: () => void;
}) {
  const publish = usePublishCandidates();
  const { form, submit } = usePublishCandidatesForm<PublishCandidatesValues>(
    onClose,
    publish.mutateAsync,
  );
  const options = bids.map((bid) => ({
    value: bid.bidId,
    label: `${bid.supplierName} · ${formatMoney(bid.totalPrice, bid.currency ?? 'CNY')}`,
  }));
  const bidOf = (bidId: unknown) => bids.find((bid) => bid.bidId === bidId);

  return (
    <FormModal<PublishCandidatesValues>
      form={form}
      name="publish-candidates"
      label="候选人公示表单"
      title={lotName ? `发布中标候选人公示 · ${lotName}` : '发布中标候选人公示'}
      open
      width={800}
      okText="生成公示"
      saving={publish.isPending}
      initialValues={initialValues ?? defaultCandidatesValues(bids)}
      notice={
        <Typography.Paragraph type="secondary">
          按排名选择不超过 3 名中标候选人并写明推荐理由。公示期不少于 3
          天；生成的公示为草稿，发布后公示期内投标人可提出异议。
        </Typography.Paragraph>
      }
      onSubmit={({ candidates, period }) =>
        submit(
          {
            id: tenderId,
            lotId,
            candidates: candidates.map((c, index) => ({
              bidId: c.bidId!,
              rank: index + 1,
              reason: c.reason!.trim(),
            })),
          },
          period!,
        )
      }
      onClose={onClose}
    >
      <Form.List
        name="candidates"
        rules={[
          {
            validator: async (_, value: CandidateValue[] | undefined) => {
              if (!value?.length) throw new Error('至少选择 1 名中标候选人');
              if (value.length > MAX_CANDIDATES)
                throw new Error(`最多 ${MAX_CANDIDATES} 名中标候选人`);
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <div key={field.key} className="candidate-row">
                <Form.Item
                  name={[field.name, 'bidId']}
                  label={`第 ${index + 1} 名`}
                  rules={[
                    { required: true, message: '请选择候选人' },
                    {
                      validator: async (_, bidId: number | undefined) => {
                        const all = form.getFieldValue('candidates') as CandidateValue[];
                        if (bidId && all.filter((c) => c?.bidId === bidId).length > 1)
                          throw new Error('同一投标不能重复排名');
                      },
                    },
                  ]}
                >
                  <Select
                    options={options}
                    placeholder="选择有效投标"
                    // The price always shows whole; a long company name gives way (full in the title).
                    labelRender={({ value, label }) => {
                      const bid = bidOf(value);
                      return bid ? <CandidateBidLabel bid={bid} /> : label;
                    }}
                    optionRender={({ value }) => {
                      const bid = bidOf(value);
                      return bid && <CandidateBidLabel bid={bid} twoLines />;
                    }}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'reason']}
                  rules={[
                    { required: true, whitespace: true, message: '请填写推荐理由' },
                    { max: 1000, message: '推荐理由最多 1000 个字' },
                  ]}
                >
                  <Input placeholder="推荐理由" aria-label={`第 ${index + 1} 名推荐理由`} />
                </Form.Item>
                {fields.length > 1 ? (
                  <Button
                    type="text"
                    aria-label={`移除第 ${index + 1} 名`}
                    icon={<MinusCircleOutlined />}
                    onClick={() => remove(field.name)}
                  />
                ) : (
                  <span />
                )}
              </div>
            ))}
            {fields.length < Math.min(MAX_CANDIDATES, bids.length) && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ reason: '' })}
                style={{ marginBottom: 16 }}
              >
                添加候选人
              </Button>
            )}
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
      <PublicityPeriodField rules={[publicityRule]} />
    </FormModal>
  );
}
