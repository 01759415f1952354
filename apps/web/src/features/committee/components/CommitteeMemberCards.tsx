import type { ReactNode } from 'react';
import { Button, Tag, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { committeeApi } from '@tender/contracts';
import { PledgeCell, StatusCell } from './member-cells';

type Committee = committeeApi.Committee;
type Member = committeeApi.CommitteeMember;
const { MEMBER_KIND_LABELS } = committeeApi;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="committee-card-field">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div>{children}</div>
    </div>
  );
}

/**
 * The members on a phone (< 576 px), one card each instead of the wide table: name and 组长,
 * employer and title, then 身份, 状态 and 承诺书, and 更换 for a seated member (`onReplace`).
 */
export function MemberCards({
  members,
  onReplace,
}: {
  members: Member[];
  onReplace?: (member: Member) => void;
}) {
  return (
    <ul className="committee-cards" aria-label="评标委员会成员">
      {members.map((m) => (
        <li
          key={m.memberId}
          className={
            m.status === 'active' ? 'committee-card' : 'committee-card committee-card-gone'
          }
        >
          <div className="committee-card-head">
            <Typography.Text strong>{m.name}</Typography.Text>
            {m.chair && <Tag color="gold">组长</Tag>}
            {onReplace && m.status === 'active' && (
              <Button
                type="link"
                size="small"
                icon={<SwapOutlined />}
                className="committee-card-action"
                onClick={() => onReplace(m)}
              >
                更换
              </Button>
            )}
          </div>
          <Typography.Text type="secondary" className="committee-card-employer">
            {m.employer}
            {m.title ? ` · ${m.title}` : ''}
          </Typography.Text>
          <Field label="身份">{MEMBER_KIND_LABELS[m.kind]}</Field>
          <Field label="状态">
            <StatusCell member={m} />
          </Field>
          <Field label="承诺书">
            <PledgeCell member={m} />
          </Field>
        </li>
      ))}
    </ul>
  );
}

/** The standbys on a phone: their order of stepping in, name and employer. */
export function StandbyCards({ standbys }: { standbys: Committee['standbys'] }) {
  if (standbys.length === 0)
    return (
      <Typography.Text type="secondary">
        没有剩余的备选专家：再有席位空缺时将重新抽取
      </Typography.Text>
    );
  return (
    <ul className="committee-cards" aria-label="备选专家">
      {standbys.map((s) => (
        <li key={s.memberId} className="committee-card">
          <div className="committee-card-head">
            <Tag>第 {s.rank} 递补</Tag>
            <Typography.Text strong>{s.name}</Typography.Text>
          </div>
          <Typography.Text type="secondary" className="committee-card-employer">
            {s.employer}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}
