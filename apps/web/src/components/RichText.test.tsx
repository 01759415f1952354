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

  it('shows the empty text for an empty description', () => {
    const { container } = render(<RichText html="<p></p>" empty="暂无" />);
    expect(container.textContent).toBe('暂无');
  });
});
