import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Card, Form, Input, Popconfirm, Select, Space, Tabs, Typography } from 'antd';
import { EditOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { announcementApi, lotLabel, type Announcement } from '@tender/contracts';
import {
  ANNOUNCEMENT_STATUS_OPTIONS,
  AnnouncementKindTag,
  AnnouncementStatusTag,
  PublicityPeriod,
} from '@/components/AnnouncementView';
import { PagedTable } from '@/components/PagedTable';
import { actionsColumn } from '@/components/table-actions';
import { usePinnedColumns } from '@/hooks/use-pinned-columns';
import { useUrlQuery } from '@/hooks/use-url-query';
import { PageContainer } from '@/components/PageContainer';
import { useAccess } from '@/hooks/use-access';
import { formatDateTime } from '@/lib/time';
import { useAnnouncementList } from '../api/list-announcement';
import { usePublishAnnouncement } from '../api/publish-announcement';
import { EditAnnouncementModal } from '../components/EditAnnouncementModal';
import { RevokeAnnouncementModal } from '../components/RevokeAnnouncementModal';
import { ObjectionTable } from '../components/ObjectionTable';
import { useFeedback } from '@/lib/feedback';
import { LinkButton } from '@/components/LinkButton';

const KIND_OPTIONS = [
  { value: 'candidates', label: '中标候选人公示' },
  { value: 'result', label: '中标结果公告' },
];

function AnnouncementList() {
  const { message } = useFeedback();
  const access = useAccess();
  const pinned = usePinnedColumns();
  const manager =
    access.can('announcement:edit') ||
    access.can('announcement:publish') ||
    access.can('announcement:revoke');
  const { query, filters, setFilters, setPage } = useUrlQuery(
    announcementApi.listAnnouncementQuery,
  );
  const list = useAnnouncementList(query);
  const publish = usePublishAnnouncement();
  const [editing, setEditing] = useState<Announcement>();
  const [revoking, setRevoking] = useState<number>();

  return (
    <>
      <Form
        layout="inline"
        className="filter-bar"
        style={{ marginBottom: 16, rowGap: 8 }}
        key={JSON.stringify(filters)}
        initialValues={filters}
        onFinish={(values) => setFilters(values)}
      >
        <Form.Item name="keyword">
          <Input allowClear placeholder="标题 / 招标编号" aria-label="关键词" />
        </Form.Item>
        <Form.Item name="kind">
          <Select allowClear placeholder="公告类型" options={KIND_OPTIONS} style={{ width: 160 }} />
        </Form.Item>
        {manager && (
          <Form.Item name="status">
            <Select
              allowClear
              placeholder="状态"
              options={ANNOUNCEMENT_STATUS_OPTIONS}
              style={{ width: 120 }}
            />
          </Form.Item>
        )}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={() => setFilters({})}>重置</Button>
          </Space>
        </Form.Item>
      </Form>
      <PagedTable<Announcement>
        rowKey="id"
        rows={list}
        page={query}
        onPageChange={setPage}
        empty={manager ? '暂无中标公告' : '暂无已发布的中标公告'}
        columns={[
          {
            title: '公告标题',
            dataIndex: 'title',
            render: (title: string, row) => (
              <>
                <Link
                  to={`/announcementDetail?id=${row.id}`}
                  style={{ display: 'inline-block', minWidth: 160, maxWidth: 320 }}
                >
                  {title}
                </Link>
                {row.lotCount > 1 && (
                  <Typography.Text
                    type="secondary"
                    style={{ display: 'block', fontSize: 12 }}
                    data-testid="announcement-lot"
                  >
                    {lotLabel({ lotNo: row.lotNo, name: row.lotName })}
                  </Typography.Text>
                )}
              </>
            ),
          },
          {
            title: '类型',
            dataIndex: 'kind',
            render: (kind: string) => <AnnouncementKindTag kind={kind} />,
          },
          { title: '招标编号', dataIndex: 'tenderNo', className: 'cell-nowrap' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (status: string) => <AnnouncementStatusTag status={status} />,
          },
          {
            title: '公示期',
            key: 'period',
            render: (_, row) => (row.publicityStart ? <PublicityPeriod announcement={row} /> : '—'),
          },
          {
            title: '发布时间',
            dataIndex: 'publishedAt',
            className: 'cell-nowrap',
            render: formatDateTime,
          },
          // Pinned only where there is room: on a phone a pinned 操作 column covers the titles.
          actionsColumn<Announcement>(pinned, (row) => (
            <>
              <LinkButton to={`/announcementDetail?id=${row.id}`} type="link" size="small">
                查看
              </LinkButton>
              {row.status === 'draft' && access.can('announcement:edit') && (
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing(row)}
                >
                  编辑
                </Button>
              )}
              {row.status === 'draft' && access.can('announcement:publish') && (
                <Popconfirm
                  title="发布公告？"
                  description={
                    row.kind === 'candidates'
                      ? '发布后按公示期公开，公示期内投标人可提出异议。'
                      : '发布后公告对公众可见。'
                  }
                  okText="发布"
                  onConfirm={() =>
                    publish.mutateAsync({ id: row.id }).then(
                      () => message.success('公告已发布'),
                      () => undefined,
                    )
                  }
                >
                  <Button type="link" size="small" icon={<SendOutlined />}>
                    发布
                  </Button>
                </Popconfirm>
              )}
              {row.status === 'published' && access.can('announcement:revoke') && (
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<StopOutlined />}
                  onClick={() => setRevoking(row.id)}
                >
                  撤销
                </Button>
              )}
            </>
          )),
        ]}
      />
      {editing && (
        <EditAnnouncementModal announcement={editing} onClose={() => setEditing(undefined)} />
      )}
      {revoking !== undefined && (
        <RevokeAnnouncementModal id={revoking} onClose={() => setRevoking(undefined)} />
      )}
    </>
  );
}

/** 中标公告: managers see every announcement (edit, publish, revoke) and the objections to answer. */
export default function AnnouncementScreen() {
  const access = useAccess();
  const [params, setParams] = useSearchParams();
  const canAnswer = access.can('objection:answer');
  if (!canAnswer)
    return (
      <PageContainer title="中标公告">
        <AnnouncementList />
      </PageContainer>
    );
  const tab = params.get('tab') === 'objections' ? 'objections' : 'list';
  return (
    <PageContainer bare>
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'objections' ? { tab: key } : {})}
          items={[
            { key: 'list', label: '公告列表', children: <AnnouncementList /> },
            {
              key: 'objections',
              label: '异议处理',
              children: (
                <>
                  <Typography.Paragraph type="secondary">
                    异议须在提出后 3 日内答复；逾期未答复的以红色标出。有未答复的异议时不能定标。
                  </Typography.Paragraph>
                  <ObjectionTable />
                </>
              ),
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
