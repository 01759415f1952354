import { lazy, Suspense, useState } from 'react';
import { Button, Card, Space } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { Tender, TenderListRow } from '@tender/contracts';
import { Access } from '@/hooks/use-access';
import { useUrlQuery } from '@/hooks/use-url-query';
import { PagedTable } from '@/components/PagedTable';
import { PageContainer } from '@/components/PageContainer';
import { tenderListQuery, useTenderList } from '../api/list-ttender';
import { useExportTenders } from '../api/export-ttender';
import { TenderFilters } from '../components/TenderFilters';
import { useOpenedOnce } from '@/hooks/use-opened-once';
import { useTenderColumns } from '../components/tender-columns';
import '../tender-manage.css';

// The dialogs load on their first opening: the tender form (its editors, date pickers and
// uploads) was about a third of the script of a manager's first screen.
const TenderFormModal = lazy(() =>
  import('../components/TenderFormModal').then((m) => ({ default: m.TenderFormModal })),
);
const CancelTenderModal = lazy(() =>
  import('../components/CancelTenderModal').then((m) => ({ default: m.CancelTenderModal })),
);

/** 招标管理: every tender with its effective status; create, edit, publish, cancel, export. */
export default function TenderListScreen() {
  const { query, filters, setFilters, setPage } = useUrlQuery(tenderListQuery);
  const list = useTenderList(query);
  const exporting = useExportTenders();
  const [editing, setEditing] = useState<{ tender?: Tender }>();
  const [cancelling, setCancelling] = useState<Tender>();
  const formUsed = useOpenedOnce(editing !== undefined);
  const cancelUsed = useOpenedOnce(cancelling !== undefined);
  const columns = useTenderColumns({
    onEdit: (tender) => setEditing({ tender }),
    onCancel: setCancelling,
  });

  const toolbar = (
    <Space wrap>
      <Access code="tender:add">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          新建招标
        </Button>
      </Access>
      <Access code="tender:export">
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate(filters)}
        >
          导出
        </Button>
      </Access>
    </Space>
  );

  return (
    <PageContainer bare>
      <TenderFilters values={filters} onSearch={setFilters} />
      <Card title="招标列表" extra={toolbar} className="tender-list-card">
        <PagedTable<TenderListRow>
          rowKey="id"
          columns={columns}
          rows={list}
          page={query}
          onPageChange={setPage}
          empty="没有符合条件的招标项目"
          unit="个项目"
        />
      </Card>
      <Suspense fallback={null}>
        {formUsed && (
          <TenderFormModal
            open={editing !== undefined}
            tender={editing?.tender}
            onClose={() => setEditing(undefined)}
          />
        )}
        {cancelUsed && (
          <CancelTenderModal tender={cancelling} onClose={() => setCancelling(undefined)} />
        )}
      </Suspense>
    </PageContainer>
  );
}
