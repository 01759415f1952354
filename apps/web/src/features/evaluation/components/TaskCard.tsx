import { Card, Space, Tag, Typography } from 'antd';
import { lotLabel, reportApi } from '@tender/contracts';
import { LinkButton } from '@/components/LinkButton';
import { formatDateTime } from '@/lib/time';
import type { MyTask, MyTaskLot } from '../api/types';
import {
  deskPath,
  lotActionOf,
  LOT_EVALUATION_STATE_LABELS,
  MEMBER_ROLE_LABEL,
  SHEET_STATE_LABELS,
} from '../sheet/task-action';

const STATE_COLORS: Record<MyTaskLot['state'], string> = {
  waiting: 'default',
  evaluating: 'processing',
  finished: 'success',
  failed: 'error',
};

function PledgeTag({ member }: { member: MyTask['member'] }) {
  if (member.status === 'recused') return <Tag color="warning">已申请回避</Tag>;
  if (member.status === 'replaced') return <Tag>已更换</Tag>;
  return member.pledgedAt ? (
    <Tag color="success">已签署承诺书 {formatDateTime(member.pledgedAt)}</Tag>
  ) : (
    <Tag color="warning">未签署承诺书</Tag>
  );
}

function LotRow({ task, lot }: { task: MyTask; lot: MyTaskLot }) {
  const action = lotActionOf(task, lot);
  const report = lot.report;
  return (
    <div className="evaluation-task-lot">
      <Typography.Text strong className="evaluation-task-lot-name">
        {task.lots.length > 1 ? lotLabel(lot) : '评标'}
      </Typography.Text>
      <Space size={4} wrap>
        <Tag color={STATE_COLORS[lot.state]}>{LOT_EVALUATION_STATE_LABELS[lot.state]}</Tag>
        <Tag color={lot.sheet === 'submitted' ? 'success' : undefined}>
          评分表：{SHEET_STATE_LABELS[lot.sheet]}
        </Tag>
        {report && (
          <Tag color={report.status === 'final' ? 'success' : 'processing'}>
            报告第 {report.version} 版：{reportApi.REPORT_STATUS_LABELS[report.status]}
            {report.status === 'signing' && (report.signed ? '（本人已签）' : '（待本人签字）')}
          </Tag>
        )}
      </Space>
      <div className="evaluation-task-action">
        {action.kind === 'link' ? (
          <LinkButton
            type="primary"
            size="small"
            to={deskPath(task.tenderId, lot.lotId, action.tab)}
          >
            {action.label}
          </LinkButton>
        ) : (
          <Typography.Text type="secondary">{action.text}</Typography.Text>
        )}
      </div>
    </div>
  );
}

/** One committee the caller sits on: the tender, the caller's role and pledge, each lot's step. */
export function TaskCard({ task }: { task: MyTask }) {
  return (
    <Card
      size="small"
      className="evaluation-task-card"
      title={
        <Space size={8} wrap>
          <Typography.Text type="secondary">{task.tenderNo}</Typography.Text>
          <span>{task.title}</span>
        </Space>
      }
    >
      <Space size={4} wrap style={{ marginBottom: 8 }}>
        <Tag color={task.member.chair ? 'gold' : 'blue'}>{MEMBER_ROLE_LABEL(task.member)}</Tag>
        <PledgeTag member={task.member} />
      </Space>
      {task.lots.map((lot) => (
        <LotRow key={lot.lotId} task={task} lot={lot} />
      ))}
    </Card>
  );
}
