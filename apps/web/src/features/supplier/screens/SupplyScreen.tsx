import { useMemo, useState } from 'react';
import { Card, Input } from 'antd';
import { supplierApi, type Supplier, type SupplierStatus } from '@tender/contracts';
import { declared, useUrlQuery } from '@/hooks/use-url-query';
import { PagedTable } from '@/components/PagedTable';
import { SUPPLIER_STATUS_OPTIONS } from '@/components/SupplierStatusTag';
import { PageContainer } from '@/components/PageContainer';
import { useDict } from '@/hooks/use-dict';
import { useSupplierList } from '../api/list-supplier';
import { useSupplierColumns } from '../components/supplier-columns';
import { SupplierDrawer } from '../components/SupplierDrawer';
import { ReviewDialog } from '../components/ReviewDialog';
import type { ReviewAction } from '../components/review-actions';
import '../supplier.css';

const listQuery = declared(supplierApi.listSupplier.query);
const ALL = 'all';
const TABS = [{ key: ALL, label: '全部' }].concat(
  SUPPLIER_STATUS_OPTIONS.map((option) => ({ key: option.value, label: option.label })),
);

/** 投标人信息管理: suppliers by review state and keyword (both in the URL), detail and review. */
export default function SupplyScreen() {
  const { query, filters, setFilters, setPage } = useUrlQuery(listQuery);
  const list = useSupplierList(query);
  const categories = useDict('tender_category');
  const categoryLabels = useMemo(
    () => new Map(categories.options.map((option) => [option.value, option.label])),
    [categories.options],
  );
  const [viewing, setViewing] = useState<number>();
  const [reviewing, setReviewing] = useState<{ supplier: Supplier; action: ReviewAction }>();
  const onAction = (supplier: Supplier, action: ReviewAction) => setReviewing({ supplier, action });
  const columns = useSupplierColumns({
    categoryLabels,
    onView: (supplier) => setViewing(supplier.id),
    onAction,
  });

  const search = (
    <Input.Search
      key={filters.keyword ?? ''}
      defaultValue={filters.keyword}
      placeholder="公司名称 / 信用代码 / 联系人"
      allowClear
      enterButton
      onSearch={(keyword) => setFilters({ ...filters, keyword: keyword.trim() || undefined })}
      style={{ width: 'min(320px, 100%)' }}
      aria-label="关键字"
    />
  );

  return (
    <PageContainer bare>
      <Card
        className="supply-card"
        title="投标人列表"
        extra={search}
        activeTabKey={filters.status ?? ALL}
        tabList={TABS}
        onTabChange={(key) =>
          setFilters({ ...filters, status: key === ALL ? undefined : (key as SupplierStatus) })
        }
      >
        <PagedTable<Supplier>
          rowKey="id"
          columns={columns}
          rows={list}
          page={query}
          onPageChange={setPage}
          empty={filters.keyword || filters.status ? '没有符合条件的供应商' : '暂无供应商注册'}
          unit="家供应商"
        />
      </Card>
      <SupplierDrawer
        supplierId={viewing}
        categoryLabels={categoryLabels}
        onClose={() => setViewing(undefined)}
        onAction={onAction}
      />
      <ReviewDialog
        supplier={reviewing?.supplier}
        action={reviewing?.action}
        onClose={() => setReviewing(undefined)}
      />
    </PageContainer>
  );
}
