import type { TableColumnsType } from 'antd';
import type { bondApi } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { usePinnedColumns } from '@/hooks/use-pinned-columns';
import { actionsColumn } from '@/components/table-actions';
import { FactCard } from '@/components/PagedCards';
import {
  AmountCell,
  DueCell,
  FormCell,
  Instrument,
  PayerCell,
  ProjectCell,
  StatusCell,
  SupplierCell,
} from './BondCells';
import { BOND_ACTION_POWERS, BondActions, type BondAction } from './BondActions';

type Bond = bondApi.Bond;

// The ledger in its two forms: the table's columns, and a phone's card built of the same cells.

/**
 * The ledger's columns; the 操作 column only for callers holding one of bond:verify,
 * bond:refund and bond:forfeit (managers read the ledger without them).
 */
export function useBondColumns(onAction: (bond: Bond, action: BondAction) => void) {
  const { can } = useAccess();
  const pinned = usePinnedColumns();
  const columns: TableColumnsType<Bond> = [
    {
      title: '招标项目 / 标段',
      key: 'tender',
      fixed: pinned ? 'left' : undefined,
      render: (_, bond) => <ProjectCell bond={bond} />,
    },
    { title: '投标人', key: 'supplier', render: (_, bond) => <SupplierCell bond={bond} /> },
    { title: '形式', key: 'form', render: (_, bond) => <FormCell bond={bond} /> },
    {
      title: '金额',
      key: 'amount',
      align: 'right',
      render: (_, bond) => <AmountCell bond={bond} />,
    },
    { title: '付款单位 / 账号', key: 'payer', render: (_, bond) => <PayerCell bond={bond} /> },
    { title: '保函 / 凭证', key: 'instrument', render: (_, bond) => <Instrument bond={bond} /> },
    { title: '状态', key: 'status', render: (_, bond) => <StatusCell bond={bond} /> },
    { title: '退还期限', key: 'dueAt', render: (_, bond) => <DueCell bond={bond} /> },
  ];
  if (!BOND_ACTION_POWERS.some((code) => can(code))) return columns;
  return [
    ...columns,
    actionsColumn(pinned, (bond: Bond) => <BondActions bond={bond} onAction={onAction} />),
  ];
}

/** A bond on a phone: the table row's cells as facts, its actions under them, red when overdue. */
export function BondCard({
  bond,
  onAction,
}: {
  bond: Bond;
  onAction: (bond: Bond, action: BondAction) => void;
}) {
  return (
    <FactCard
      title={<ProjectCell bond={bond} />}
      danger={bond.overdue}
      facts={[
        { label: '投标人', value: <SupplierCell bond={bond} /> },
        { label: '形式', value: <FormCell bond={bond} /> },
        { label: '金额', value: <AmountCell bond={bond} /> },
        { label: '付款单位', value: <PayerCell bond={bond} /> },
        { label: '保函 / 凭证', value: <Instrument bond={bond} /> },
        { label: '状态', value: <StatusCell bond={bond} /> },
        { label: '退还期限', value: <DueCell bond={bond} /> },
      ]}
      actions={<BondActions bond={bond} onAction={onAction} />}
    />
  );
}
