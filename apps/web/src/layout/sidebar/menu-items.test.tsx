import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Menu } from 'antd';
import { entry } from '@/test/menu-fixtures';
import { buildMenuItems } from './menu-items';

const Count = ({ dot }: { dot?: boolean }) => <b>{dot ? '•' : '3'}</b>;

afterEach(cleanup);

describe('menu badges', () => {
  it('draws a feature’s badge on its entry, a dot on its group, and nothing for entries without one', () => {
    const menu = [
      entry('/fund', '保证金与合同', [
        entry('/bond', '保证金管理'),
        entry('/contract', '合同管理'),
      ]),
    ];
    render(
      <Menu mode="inline" openKeys={['/fund']} items={buildMenuItems(menu, { '/bond': Count })} />,
    );
    expect(screen.getByText('保证金管理').parentElement?.textContent).toBe('保证金管理3');
    expect(screen.getByText('保证金与合同').parentElement?.textContent).toBe('保证金与合同•');
    expect(screen.getByText('合同管理').parentElement?.textContent).toBe('合同管理');
  });

  it('mounts no badge for a user whose menu lacks the entry', () => {
    render(
      <Menu
        mode="inline"
        items={buildMenuItems([entry('/g', '投标', [entry('/bidding', '投标报价')])], {
          '/bond': Count,
        })}
      />,
    );
    expect(screen.queryByText('3')).toBeNull();
  });
});
