import { Tag, Tooltip } from 'antd';
import { expertApi } from '@tender/contracts';

const { EXPERT_STATUS_LABELS } = expertApi;
type Expert = expertApi.Expert;
type ExpertStatus = expertApi.ExpertStatus;

export const EXPERT_STATUS_OPTIONS = (Object.keys(EXPERT_STATUS_LABELS) as ExpertStatus[]).map(
  (value) => ({ value, label: EXPERT_STATUS_LABELS[value] }),
);

/** 可抽取 / 暂停, with a suspension's reason and last day on hover. */
export function ExpertStatusTag({
  expert,
}: {
  expert: Pick<Expert, 'status' | 'suspendReason' | 'suspendUntil'>;
}) {
  if (expert.status === 'active') return <Tag color="success">{EXPERT_STATUS_LABELS.active}</Tag>;
  const until = expert.suspendUntil ? `，至 ${expert.suspendUntil}` : '，直至恢复';
  return (
    <Tooltip title={`${expert.suspendReason ?? '暂停'}${until}`}>
      <Tag color="warning">
        {EXPERT_STATUS_LABELS.suspended}
        {expert.suspendUntil ? ` 至 ${expert.suspendUntil}` : ''}
      </Tag>
    </Tooltip>
  );
}
