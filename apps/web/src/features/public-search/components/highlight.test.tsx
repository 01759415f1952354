import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Highlight, keywordTerms } from './highlight';

afterEach(cleanup);

describe('keyword highlight', () => {
  it('marks every occurrence of every word, case-insensitively', () => {
    const { container } = render(
      <Highlight text="110kV 变压器与 KV 开关柜，变压器备件" keyword="变压器 kv" />,
    );
    const marks = [...container.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['kV', '变压器', 'KV', '变压器']);
    expect(container.textContent).toBe('110kV 变压器与 KV 开关柜，变压器备件');
  });

  it('marks 1- and 2-character Chinese keywords', () => {
    const { container } = render(<Highlight text="电缆电表" keyword="电" />);
    expect(container.querySelectorAll('mark')).toHaveLength(2);
  });

  it('escapes HTML in the text: markup shows literally and nothing is injected', () => {
    const { container } = render(
      <Highlight
        text={'<img src=x onerror="alert(1)">变压器<script>x</script>'}
        keyword="变压器 img"
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)">变压器<script>x</script>');
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'img',
      '变压器',
    ]);
  });

  it('a keyword with regex characters is plain text', () => {
    const { container } = render(<Highlight text="a.b(c)" keyword="(c)" />);
    expect(container.querySelector('mark')?.textContent).toBe('(c)');
    expect(keywordTerms('  a  bb a ')).toEqual(['bb', 'a']);
  });
});
