import { useState } from 'react';
import { Typography } from 'antd';
import { PagedTable } from '@/components/PagedTable';
import { useTenderLog } from '../api/list-tender-log';
import { fieldLabel, fieldValueText } from './tender-fields';
import { formatDateTime } from '@/lib/time';

interface LogRow {
  id: number;
  action: string;
  username: string | null;
  ip: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

const ACTION_LABELS: Record<string, string> = {
  'insert-ttender': '新建',
  'update-ttender': '修改草稿',
  'delete-ttender': '删除',
  'publish-ttender': '发布',
  'amend-ttender': '澄清/修改',
  'cancel-ttender': '终止',
  'retender-ttender': '重新招标',
  'add-supply-ttender': '报名/邀请',
};
const actionLabel = (action: string) =>
  ACTION_LABELS[action] ?? ACTION_LABELS[action.split('/').pop() ?? ''] ?? action;

/** The fields whose values differ between before and after, as "字段：旧 → 新". */
function Diff({ before, after }: { before: unknown; after: unknown }) {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]),
  );
  if (!keys.length) return <>—</>;
  return (
    <div style={{ maxWidth: 480 }}>
      {keys.slice(0, 8).map((k) => (
        <div key={k} style={{ overflowWrap: 'anywhere' }}>
          <Typography.Text type="secondary">{fieldLabel(k)}：</Typography.Text>
          {k in b && <span className="amend-change-before">{fieldValueText(k, b[k])}</span>}
          {k in b && k in a && ' → '}
          {k in a && fieldValueText(k, a[k])}
        </div>
      ))}
      {keys.length > 8 && (
        <Typography.Text type="secondary">… 另 {keys.length - 8} 项</Typography.Text>
      )}
    </div>
  );
}

/** 变更日志: the audit entries about this tender. */
export function TenderLogTab({ tenderId }: { tenderId: number }) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const log = useTenderLog({ tenderId, ...page });
  return (
    <PagedTable<LogRow>
      rowKey="id"
      size="small"
      rows={log}
      page={page}
      onPageChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
      empty="暂无变更记录"
      columns={[
        { title: '时间', dataIndex: 'createdAt', render: formatDateTime },
        { title: '操作', dataIndex: 'action', render: actionLabel },
        { title: '操作人', dataIndex: 'username', render: (v: string | null) => v ?? '系统' },
        { title: 'IP', dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
        {
          title: '变更内容',
          key: 'diff',
          render: (_, row) => <Diff before={row.before} after={row.after} />,
        },
      ]}
    />
  );
}
