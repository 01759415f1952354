import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ProcurementMethodTag, tagsInLists } from './ProcurementMethodTag';

afterEach(cleanup);

describe('procurement method on screens', () => {
  it('tags a tender with its method in its colour', () => {
    render(<ProcurementMethodTag method="invited" />);
    expect(screen.getByText('邀请招标').className).toContain('ant-tag-purple');
    render(<ProcurementMethodTag method="open" />);
    expect(screen.getByText('公开招标').className).toContain('ant-tag-blue');
  });

  it('tags only the unusual methods in lists', () => {
    expect(tagsInLists('open')).toBe(false);
    expect(tagsInLists('invited')).toBe(true);
  });
});
