import { Form, Input, Typography, type FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import type { reportApi } from '@tender/contracts';
import { formatMoney } from '@/lib/amount';
import {
  defaultPublicityPeriod,
  usePublishCandidatesForm,
} from '@/hooks/use-publish-candidates-form';
import { FormModal } from '@/components/FormModal';
import { PublicityPeriodField } from '@/components/PublicityPeriodField';
import { usePublishReportCandidates } from '../api/publish-report-candidates';

type Ranked = reportApi.ReportRanking;
interface Values {
  reasons: string[];
  period?: [Dayjs, Dayjs] | null;
}
const PUBLICITY_DAYS = 3;

/** This dialog's own words for a period left out or under three days. */
const publicityRule: FormRule = {
  validator: async (_, value: [Dayjs, Dayjs] | null | undefined) => {
    if (!value?.[0] || !value[1]) throw new Error('请选择公示期');
    if (value[1].diff(value[0], 'day', true) < PUBLICITY_DAYS)
      throw new Error(`公示期不少于 ${PUBLICITY_DAYS} 天`);
  },
};

/** The recommendation said of a candidate, from the report's figures. */
const recommendation = (c: Ranked) =>
  c.total !== null
    ? `评标委员会推荐第 ${c.rank} 名，综合得分 ${c.total.toFixed(2)}`
    : `评标委员会推荐第 ${c.rank} 名，经评审的投标价最低`;

/**
 * 发布候选人公示 of a committee tender: the candidates and their order are the final report's
 * (the server refuses any other with 409), only the reasons and the period are written here.
 */
export function PublishReportCandidatesModal({
  tenderId,
  lotId,
  candidates,
  open,
  onClose,
}: {
  tenderId: number;
  lotId?: number;
  candidates: Ranked[];
  open: boolean;
  onClose: () => void;
}) {
  const publish = usePublishReportCandidates(tenderId);
  const { form, submit } = usePublishCandidatesForm<Values>(onClose, publish.mutateAsync);

  return (
    <FormModal<Values>
      form={form}
      name="publish-report-candidates"
      label="候选人公示表单"
      title="发布中标候选人公示"
      open={open}
      width={720}
      okText="生成公示"
      saving={publish.isPending}
      initialValues={{
        reasons: candidates.map(recommendation),
        period: defaultPublicityPeriod(),
      }}
      notice={
        <Typography.Paragraph type="secondary">
          中标候选人及其排序按评标报告确定，不能更改；公示期不少于 3 天，生成的公示为草稿。
        </Typography.Paragraph>
      }
      onSubmit={({ reasons, period }) =>
        submit(
          {
            id: tenderId,
            lotId,
            candidates: candidates.map((c, index) => ({
              bidId: c.bidId,
              rank: c.rank,
              reason: reasons[index]!.trim(),
            })),
          },
          period!,
        )
      }
      onClose={onClose}
    >
      {candidates.map((c, index) => (
        <Form.Item
          key={c.bidId}
          name={['reasons', index]}
          label={`第 ${c.rank} 名`}
          extra={`${c.supplierName} · ${formatMoney(c.price, 'CNY')}`}
          rules={[{ required: true, whitespace: true, message: '请填写推荐理由' }]}
        >
          <Input maxLength={1000} aria-label={`第 ${c.rank} 名推荐理由`} />
        </Form.Item>
      ))}
      <PublicityPeriodField rules={[publicityRule]} />
    </FormModal>
  );
}
