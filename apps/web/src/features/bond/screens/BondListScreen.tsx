import { useState } from 'react';
import { Alert, Card } from 'antd';
import { bondApi } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { useUrlQuery } from '@/hooks/use-url-query';
import { PagedTable } from '@/components/PagedTable';
import { PageContainer } from '@/components/PageContainer';
import { useBondList } from '../api/list-bond';
import { BondFilters } from '../components/BondFilters';
import { ForfeitBondModal } from '../components/ForfeitBondModal';
import { RefundBondModal } from '../components/RefundBondModal';
import { ReviewBondModal } from '../components/ReviewBondModal';
import { BondCard, useBondColumns } from '../components/bond-columns';
import { BOND_ACTION_POWERS, type BondAction } from '../components/BondActions';
import '../bond.css';

/**
 * 保证金管理: every declared bid bond with its state and refund date (EVALUATION.md §4). Finance
 * verifies, refunds and forfeits; managers read the ledger.
 */
export default function BondListScreen() {
  const { query, filters, setFilters, setPage } = useUrlQuery(bondApi.listBondQuery);
  // The URL's `overdue=true` is a boolean once parsed; the call sends it back as text.
  const list = useBondList({ ...query, overdue: query.overdue ? 'true' : undefined });
  const [acting, setActing] = useState<{ bond: bondApi.Bond; action: BondAction }>();
  const act = (bond: bondApi.Bond, action: BondAction) => setActing({ bond, action });
  const columns = useBondColumns(act);
  const { can } = useAccess();
  const readOnly = !BOND_ACTION_POWERS.some((code) => can(code));
  const overdueCount = list.data?.overdueCount ?? 0;
  const close = () => setActing(undefined);
  const bondFor = (action: BondAction) => (acting?.action === action ? acting.bond : undefined);

  return (
    <PageContainer bare>
      {overdueCount > 0 && !filters.overdue && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${overdueCount} 笔保证金已超过退还期限（应在退还事由发生后 5 日内退还）`}
          action={
            <a onClick={() => setFilters({ ...filters, overdue: true })} role="button">
              只看逾期
            </a>
          }
        />
      )}
      <BondFilters values={filters} onSearch={setFilters} />
      <Card title="投标保证金" extra={readOnly ? '只读' : undefined}>
        <PagedTable<bondApi.Bond>
          rowKey="id"
          columns={columns}
          rows={list}
          page={query}
          onPageChange={setPage}
          rowClassName={(bond) => (bond.overdue ? 'bond-row-overdue' : '')}
          empty="没有符合条件的保证金"
          unit="笔"
          cards={{
            label: '投标保证金',
            render: (bond) => <BondCard bond={bond} onAction={act} />,
          }}
        />
      </Card>
      <ReviewBondModal bond={bondFor('review')} onClose={close} />
      <RefundBondModal bond={bondFor('refund')} onClose={close} />
      <ForfeitBondModal bond={bondFor('forfeit')} onClose={close} />
    </PageContainer>
  );
}
