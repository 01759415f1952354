import { useState } from 'react';
import { Button, Card, Grid, Typography, type TableColumnsType } from 'antd';
import { FileAddOutlined } from '@ant-design/icons';
import { contractApi, CONTRACT_DEADLINE_DAYS } from '@tender/contracts';
import { PagedTable } from '@/components/PagedTable';
import { PageContainer } from '@/components/PageContainer';
import { FactCard } from '@/components/PagedCards';
import { useServerNow } from '@/components/Countdown';
import { useAccess } from '@/hooks/use-access';
import { declared, useUrlQuery } from '@/hooks/use-url-query';
import { formatMoney } from '@/lib/amount';
import { formatDate } from '@/lib/time';
import { useContractList } from '../api/list-contract';
import { ContractFilters } from '../components/ContractFilters';
import { ContractCell, DueCell, ProjectCell } from '../components/ContractCells';
import { RecordContractModal } from '../components/RecordContractModal';
import '../contract.css';

type ContractRow = contractApi.ContractRow;
const listQuery = declared(contractApi.listContract.query);

/**
 * 合同管理: every awarded lot with its 中标通知书 day and contract due day (30 days on), overdue
 * in red, and 录入合同 for a manager holding the button.
 */
export default function ContractScreen() {
  const { query, filters, setFilters, setPage } = useUrlQuery(listQuery);
  const list = useContractList(query);
  const [recording, setRecording] = useState<ContractRow>();
  const { can } = useAccess();
  const today = formatDate(useServerNow(60_000));
  const { md } = Grid.useBreakpoint();
  const overdueCount = list.data?.overdueCount ?? 0;

  const actionOf = (row: ContractRow) =>
    row.contractId === null && can('contract:add') ? (
      <Button type="link" size="small" icon={<FileAddOutlined />} onClick={() => setRecording(row)}>
        录入合同
      </Button>
    ) : null;

  const columns: TableColumnsType<ContractRow> = [
    { title: '项目 / 标段', key: 'project', render: (_, row) => <ProjectCell row={row} /> },
    { title: '中标人', dataIndex: 'supplierName' },
    {
      title: '中标金额',
      dataIndex: 'awardedAmount',
      align: 'right',
      render: (amount: number) => formatMoney(amount),
    },
    {
      title: '中标通知书',
      dataIndex: 'noticeAt',
      render: (noticeAt: string) => <span className="contract-day">{formatDate(noticeAt)}</span>,
    },
    { title: '合同期限', key: 'due', render: (_, row) => <DueCell row={row} today={today} /> },
    { title: '合同', key: 'contract', render: (_, row) => <ContractCell row={row} /> },
    { title: '操作', key: 'action', fixed: 'right', render: (_, row) => actionOf(row) },
  ];

  const summary = (
    <Typography.Text
      type={overdueCount > 0 ? 'danger' : 'secondary'}
      className="contract-overdue-count"
    >
      {overdueCount > 0 ? (
        <Button
          type="link"
          danger
          size="small"
          style={{ paddingInline: 0 }}
          onClick={() => setFilters({ ...filters, overdue: true })}
        >
          {overdueCount} 个标段逾期未签订合同
        </Button>
      ) : (
        '没有逾期未签订的合同'
      )}
    </Typography.Text>
  );

  return (
    <PageContainer bare>
      <ContractFilters values={filters} onSearch={setFilters} />
      <Card title="合同管理" extra={md === false ? undefined : summary}>
        <Typography.Paragraph type="secondary">
          招标人和中标人应当自中标通知书发出之日起 {CONTRACT_DEADLINE_DAYS}{' '}
          日内订立书面合同，合同金额须与中标金额一致（招标投标法第四十六条）。
        </Typography.Paragraph>
        {md === false && <Typography.Paragraph>{summary}</Typography.Paragraph>}
        <PagedTable<ContractRow>
          rowKey="lotId"
          columns={columns}
          rows={list}
          page={query}
          onPageChange={setPage}
          empty="没有符合条件的已定标标段"
          unit="个标段"
          rowClassName={(row) => (row.overdue ? 'contract-row-overdue' : '')}
          cards={{
            label: '已定标标段',
            render: (row) => (
              <FactCard
                title={<ProjectCell row={row} />}
                danger={row.overdue}
                facts={[
                  { label: '中标人', value: row.supplierName },
                  { label: '中标金额', value: formatMoney(row.awardedAmount) },
                  { label: '中标通知书', value: formatDate(row.noticeAt) },
                  { label: '合同期限', value: <DueCell row={row} today={today} /> },
                  { label: '合同', value: <ContractCell row={row} /> },
                ]}
                actions={actionOf(row)}
              />
            ),
          }}
        />
      </Card>
      {recording && <RecordContractModal row={recording} onClose={() => setRecording(undefined)} />}
    </PageContainer>
  );
}
