import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { stubBrowserLayout } from '@/test/render';
import { ResultsPager } from './ResultsPager';

beforeAll(() => stubBrowserLayout());

describe('ResultsPager', () => {
  it('says 共 N 条 for an exact total and 至少 N 条 when the server stopped counting', () => {
    const { rerender } = render(
      <ResultsPager pageNum={1} pageSize={10} page={{ total: 42 }} onPage={() => undefined} />,
    );
    expect(screen.getByText('共 42 条')).toBeTruthy();
    rerender(
      <ResultsPager
        pageNum={1}
        pageSize={10}
        page={{ total: 5000, totalIsMinimum: true }}
        onPage={() => undefined}
      />,
    );
    expect(screen.getByText('至少 5000 条')).toBeTruthy();
  });
});
