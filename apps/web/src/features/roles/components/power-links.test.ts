import { describe, expect, it } from 'vitest';
import type { Power } from '@tender/contracts';
import { linkPowers, togglePower } from './power-links';

const power = (id: number, type: Power['type'], children: Power[] = []): Power => ({
  id,
  type,
  superior: 0,
  title: `p${id}`,
  code: null,
  powerUrl: null,
  icon: null,
  builtIn: false,
  sort: 0,
  hidden: false,
  children,
});

// 招标投标 (1) → 招标信息 (2) → 下载招标文件 (3); 投标报价 (4)
const tree = [power(1, 'group', [power(2, 'menu', [power(3, 'menu')]), power(4, 'menu')])];
const links = linkPowers(tree);

describe('togglePower', () => {
  it('checking a menu grants its hidden screens and its group, not its siblings', () => {
    expect([...togglePower(links, new Set(), 2, true)].sort()).toEqual([1, 2, 3]);
  });

  it('unchecking a menu removes its branch and keeps the group', () => {
    expect([...togglePower(links, new Set([1, 2, 3, 4]), 2, false)].sort()).toEqual([1, 4]);
  });

  it('lists every power once', () => {
    expect(links.allIds.sort()).toEqual([1, 2, 3, 4]);
  });
});
