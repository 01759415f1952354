import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NoticeTabs } from './NoticeTabs';

afterEach(cleanup);

const items = [
  { key: 'tender', label: '招标公告' },
  { key: 'award', label: '中标公告' },
] as const;

describe('NoticeTabs', () => {
  it('is a tab list whose chosen tab labels the panel holding the content', () => {
    render(
      <NoticeTabs id="t" items={[...items]} activeKey="award" onChange={() => undefined}>
        <p>列表</p>
      </NoticeTabs>,
    );
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected'), t.tabIndex])).toEqual([
      ['招标公告', 'false', -1],
      ['中标公告', 'true', 0],
    ]);
    const panel = screen.getByRole('tabpanel', { name: '中标公告' });
    expect(panel.textContent).toBe('列表');
    expect(tabs[1]!.getAttribute('aria-controls')).toBe(panel.id);
  });

  it('moves the focus with the arrow keys, Home and End, and chooses on click or Enter', () => {
    const onChange = vi.fn();
    render(
      <NoticeTabs id="t" items={[...items]} activeKey="tender" onChange={onChange}>
        <p>列表</p>
      </NoticeTabs>,
    );
    const [tender, award] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement];
    tender.focus();
    fireEvent.keyDown(tender, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(award);
    fireEvent.keyDown(award, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tender);
    fireEvent.keyDown(tender, { key: 'End' });
    expect(document.activeElement).toBe(award);
    fireEvent.keyDown(award, { key: 'Home' });
    expect(document.activeElement).toBe(tender);
    // Moving the focus chooses nothing; a button's Enter and Space are its click.
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(award);
    expect(onChange).toHaveBeenCalledWith('award');
    fireEvent.click(tender);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
