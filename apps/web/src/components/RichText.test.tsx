import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { RichText, sanitizeHtml } from './RichText';

afterEach(cleanup);

describe('RichText', () => {
  it('drops scripts, handlers and javascript: links', () => {
    const html = sanitizeHtml(
      '<p onclick="x()">招标<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a></p>',
    );
    expect(html).not.toContain('script');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('招标');
  });

  it('keeps formatting and opens links in a new tab', () => {
    const { container } = render(
      <RichText html='<h2>要求</h2><ul><li><strong>资质</strong></li></ul><a href="https://a.cn">x</a>' />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('要求');
    expect(container.querySelector('strong')).toBeTruthy();
    const link = container.querySelector('a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
  });

  it('keeps the candidate table of an announcement, without handlers', () => {
    const { container } = render(
      <RichText html='<table><thead><tr><th>排名</th></tr></thead><tbody><tr><td colspan="2" onclick="x()">青岚电气</td></tr></tbody></table>' />,
    );
    const cell = container.querySelector('tbody td');
    expect(container.querySelector('th')?.textContent).toBe('排名');
    expect(cell?.textContent).toBe('青岚电气');
    expect(cell?.getAttribute('colspan')).toBe('2');
    expect(cell?.getAttribute('onclick')).toBeNull();
  });

  it('shows the empty text for an empty description', () => {
    const { container } = render(<RichText html="<p></p>" empty="暂无" />);
    expect(container.textContent).toBe('暂无');
  });
});
