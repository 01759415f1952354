import { Tag } from 'antd';
import type { deskApi } from '@tender/contracts';
import { TimeLeft } from './TimeLeft';

type Clarification = deskApi.Clarification;

const STATUS: Record<Clarification['status'], { label: string; color: string }> = {
  open: { label: '待答复', color: 'processing' },
  answered: { label: '已答复', color: 'success' },
  unanswered: { label: '逾期未答复', color: 'error' },
};

/** The question's state, with the countdown while it waits for the answer. */
export function ClarificationStatus({ clarification }: { clarification: Clarification }) {
  const status = STATUS[clarification.status];
  return (
    <>
      <Tag color={status.color}>{status.label}</Tag>
      {clarification.status === 'open' && <TimeLeft answerBy={clarification.answerBy} />}
    </>
  );
}
