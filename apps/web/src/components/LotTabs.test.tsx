import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LotTabs } from './LotTabs';

afterEach(cleanup);

const lots = [
  { lotId: 12, lotNo: 2, name: '开关柜', status: 'failed' as const },
  { lotId: 11, lotNo: 1, name: '变压器', status: 'opened' as const },
];

describe('LotTabs', () => {
  it('renders one lot without any tab chrome', () => {
    render(<LotTabs lots={[lots[1]!]}>{(lot) => <p>内容 {lot?.lotId}</p>}</LotTabs>);
    expect(screen.getByText('内容 11')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('标段 1：变压器')).toBeNull();
  });

  it('renders a tender without lots as its single pane', () => {
    render(<LotTabs lots={undefined}>{(lot) => <p>整体 {String(lot)}</p>}</LotTabs>);
    expect(screen.getByText('整体 undefined')).toBeTruthy();
  });

  it('tabs several lots in lot order with their status, each showing its own pane', () => {
    render(<LotTabs lots={lots}>{(lot) => <p>内容 {lot?.name}</p>}</LotTabs>);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      '标段 1：变压器已开标',
      '标段 2：开关柜流标',
    ]);
    expect(screen.getByText('内容 变压器')).toBeTruthy();
    fireEvent.click(screen.getByText('标段 2：开关柜'));
    expect(screen.getByText('内容 开关柜')).toBeTruthy();
  });
});
