import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Table } from 'antd';
import type { TenderListRow } from '@tender/contracts';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { useTenderColumns } from './tender-columns';
import { mockRequest } from '@/test/request-stub';

mockRequest(async () => []);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const row = (id: number, title: string, lotCount: number) =>
  ({
    id,
    tenderNo: `ZB-2026-00000${id}`,
    title,
    status: 'draft',
    category: 'transformer',
    budget: 1_000_000,
    currency: 'CNY',
    bidDeadline: '2026-12-10T02:00:00.000Z',
    contractOverdue: 0,
    amendmentCount: 0,
    lotCount,
  }) as unknown as TenderListRow;

function TenderTable() {
  const columns = useTenderColumns({ onEdit: () => {}, onCancel: () => {} });
  return (
    <Table
      rowKey="id"
      columns={columns}
      dataSource={[row(1, '配网设备采购', 3), row(2, '主变压器采购', 1)]}
    />
  );
}

describe('the tender table’s 标段数', () => {
  beforeAll(() => stubBrowserLayout(1440));

  it('counts the lots of a tender in lots, and a dash for one lot', () => {
    renderWithApp(<TenderTable />);
    expect(screen.getByRole('columnheader', { name: '标段数' })).toBeTruthy();
    const inLots = screen.getByText('配网设备采购').closest('tr')!;
    const single = screen.getByText('主变压器采购').closest('tr')!;
    expect(within(inLots).getByText('3')).toBeTruthy();
    expect(within(single).getByText('—')).toBeTruthy();
  });

  it('is left out on a phone', () => {
    stubBrowserLayout(390);
    try {
      renderWithApp(<TenderTable />);
      expect(screen.getByText('配网设备采购')).toBeTruthy();
      expect(screen.queryByRole('columnheader', { name: '标段数' })).toBeNull();
    } finally {
      stubBrowserLayout(1440);
    }
  });
});
