import { Space, Tag, Typography } from 'antd';
import { committeeApi } from '@tender/contracts';
import { formatDateTime } from '@/lib/time';

type Member = committeeApi.CommitteeMember;
const { MEMBER_STATUS_LABELS } = committeeApi;
const STATUS_COLORS = { active: 'processing', replaced: 'default', recused: 'warning' } as const;

/** 已承诺 with its time, or 未承诺: no bid is shown to a member before its pledge. */
export function PledgeCell({ member }: { member: Member }) {
  if (member.pledgedAt)
    return (
      <Space direction="vertical" size={0}>
        <Tag color="success">已承诺</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(member.pledgedAt)}
        </Typography.Text>
      </Space>
    );
  return <Tag>{member.status === 'active' ? '未承诺' : '—'}</Tag>;
}

/** 在任 / 已更换 / 已回避, with the reason a seat was left. */
export function StatusCell({ member }: { member: Member }) {
  return (
    <Space direction="vertical" size={0}>
      <Tag color={STATUS_COLORS[member.status]}>{MEMBER_STATUS_LABELS[member.status]}</Tag>
      {member.reason && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {member.reason}
        </Typography.Text>
      )}
    </Space>
  );
}
