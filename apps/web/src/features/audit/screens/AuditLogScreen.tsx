import { Card, Space, Typography, type TableColumnsType } from 'antd';
import { audit, type AuditEntry } from '@tender/contracts';
import { declared, useUrlQuery } from '@/hooks/use-url-query';
import { PagedTable } from '@/components/PagedTable';
import { ClippedText } from '@/components/ClippedText';
import { formatDateTime } from '@/lib/time';
import { MethodTag, type HttpMethod } from '@/components/method-tag';
import { useAuditLog } from '../api/list-audit-log';
import { AuditDiff } from '../components/AuditDiff';
import { AuditFilters } from '../components/AuditFilters';
import { AuditChainStatus } from '../components/AuditChainStatus';
import { PageContainer } from '@/components/PageContainer';

const listAuditQuery = declared(audit.listAuditLog.query);

const columns: TableColumnsType<AuditEntry> = [
  { title: '时间', dataIndex: 'createdAt', className: 'cell-nowrap', render: formatDateTime },
  { title: '用户', dataIndex: 'username', render: (v: string | null) => v ?? '—' },
  { title: '操作', dataIndex: 'action' },
  {
    title: '接口',
    key: 'call',
    render: (_, e) => (
      <Space size={4} style={{ whiteSpace: 'nowrap' }}>
        <MethodTag method={e.method as HttpMethod} />
        <ClippedText text={e.url} maxWidth={340} style={{ fontFamily: 'monospace' }} />
      </Space>
    ),
  },
  {
    title: '对象',
    key: 'target',
    render: (_, e) => (e.targetType ? `${e.targetType} #${e.targetId ?? ''}` : '—'),
  },
  {
    title: 'IP',
    dataIndex: 'ip',
    render: (ip: string | null) => <Typography.Text type="secondary">{ip ?? '—'}</Typography.Text>,
  },
];

/** 审计日志: who changed what and when, with the record before and after. */
export default function AuditLogScreen() {
  const { query, filters, setFilters, setPage } = useUrlQuery(listAuditQuery);
  const log = useAuditLog(query);

  return (
    <PageContainer bare>
      <AuditChainStatus />
      <AuditFilters values={filters} onSearch={setFilters} />
      <Card title="审计日志">
        <PagedTable<AuditEntry>
          rowKey="id"
          columns={columns}
          rows={log}
          page={query}
          onPageChange={setPage}
          empty="没有符合条件的记录"
          expandable={{
            expandedRowRender: (e) => <AuditDiff before={e.before} after={e.after} />,
            rowExpandable: (e) => e.before != null || e.after != null,
          }}
        />
      </Card>
    </PageContainer>
  );
}
