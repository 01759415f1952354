import { useState } from 'react';
import { Button, Card, Descriptions, Grid, Space, Table, Tag, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { committeeApi } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { useDict } from '@/hooks/use-dict';
import { formatDateTime } from '@/lib/time';
import { MemberCards, StandbyCards } from './CommitteeMemberCards';
import { PledgeCell, StatusCell } from './member-cells';
import { ReplaceMemberModal } from './ReplaceMemberModal';
import { VerifyDrawButton } from './VerifyDrawButton';

type Committee = committeeApi.Committee;
type Member = committeeApi.CommitteeMember;
const { MEMBER_KIND_LABELS } = committeeApi;

/**
 * The committee once drawn: the draw's record (seed and eligible digest, copyable, and 验证抽取),
 * the members with their pledge states and 更换 (tender:committee), and the standbys in order.
 * On a phone (< 576 px) the members and standbys are cards, not tables to scroll sideways.
 */
export function CommitteeMembers({ committee }: { committee: Committee }) {
  const { can } = useAccess();
  const phone = Grid.useBreakpoint().sm === false;
  const specialties = useDict('tender_category');
  const [replacing, setReplacing] = useState<Member>();
  const active = committee.members.filter((m) => m.status === 'active');
  const pledged = active.filter((m) => m.pledgedAt).length;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title="抽取记录">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          // On a phone the label goes above: the 64-character digests then have the full width.
          layout={phone ? 'vertical' : 'horizontal'}
          items={[
            { key: 'size', label: '委员会人数', children: `${committee.size} 人` },
            {
              key: 'specialties',
              label: '抽取专业',
              children: committee.specialties.map((s) => specialties.labelOf(s)).join('、'),
            },
            { key: 'at', label: '抽取时间', children: formatDateTime(committee.createdAt) },
            {
              key: 'pledged',
              label: '承诺书',
              children: `${pledged} / ${active.length} 人已签署`,
            },
            {
              key: 'seed',
              label: '随机种子',
              span: 'filled',
              children: (
                <Typography.Text code copyable className="committee-hash">
                  {committee.seed}
                </Typography.Text>
              ),
            },
            {
              key: 'digest',
              label: '合格专家名单摘要（SHA-256）',
              span: 'filled',
              children: (
                <Typography.Text code copyable className="committee-hash">
                  {committee.eligibleDigest}
                </Typography.Text>
              ),
            },
          ]}
        />
        <VerifyDrawButton tenderId={committee.tenderId} />
      </Card>
      <Card size="small" title="评标委员会成员">
        {phone ? (
          <MemberCards
            members={committee.members}
            onReplace={can('tender:committee') ? setReplacing : undefined}
          />
        ) : (
          <Table<Member>
            rowKey="memberId"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={committee.members}
            aria-label="评标委员会成员"
            rowClassName={(m) => (m.status === 'active' ? '' : 'committee-member-gone')}
            columns={[
              {
                title: '姓名',
                dataIndex: 'name',
                render: (_, m) => (
                  <Space size={4}>
                    {m.name}
                    {m.chair && <Tag color="gold">组长</Tag>}
                  </Space>
                ),
              },
              { title: '工作单位', dataIndex: 'employer' },
              { title: '职称', dataIndex: 'title', render: (v: string | null) => v ?? '—' },
              {
                title: '身份',
                dataIndex: 'kind',
                render: (k: Member['kind']) => MEMBER_KIND_LABELS[k],
              },
              {
                title: '状态',
                dataIndex: 'status',
                render: (_, m) => <StatusCell member={m} />,
              },
              { title: '承诺书', key: 'pledge', render: (_, m) => <PledgeCell member={m} /> },
              ...(can('tender:committee')
                ? [
                    {
                      title: '操作',
                      key: 'actions',
                      render: (_: unknown, m: Member) =>
                        m.status === 'active' && (
                          <Button
                            type="link"
                            size="small"
                            icon={<SwapOutlined />}
                            onClick={() => setReplacing(m)}
                          >
                            更换
                          </Button>
                        ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Card>
      <Card size="small" title={`备选专家（${committee.standbys.length}）`}>
        {phone ? (
          <StandbyCards standbys={committee.standbys} />
        ) : (
          <Table
            rowKey="memberId"
            size="small"
            pagination={false}
            dataSource={committee.standbys}
            aria-label="备选专家"
            locale={{ emptyText: '没有剩余的备选专家：再有席位空缺时将重新抽取' }}
            columns={[
              { title: '递补顺序', dataIndex: 'rank', width: 90 },
              { title: '姓名', dataIndex: 'name' },
              { title: '工作单位', dataIndex: 'employer' },
            ]}
          />
        )}
      </Card>
      <ReplaceMemberModal
        tenderId={committee.tenderId}
        member={replacing}
        onClose={() => setReplacing(undefined)}
      />
    </Space>
  );
}
