import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './service.js';

const row = (id: number, superior: number, type: string, powerUrl: string, hidden = false) => ({
  id,
  superior,
  type,
  powerUrl,
  title: powerUrl,
  code: null,
  icon: null,
  hidden,
});
const all = [
  row(1, 0, 'group', '/system'),
  row(2, 1, 'menu', '/administrator'),
  row(3, 2, 'button', ''),
  row(4, 1, 'menu', '/dictionary'),
  row(5, 0, 'group', '/tender'),
  row(6, 5, 'menu', '/tender_list'),
  row(7, 6, 'menu', '/denderManagement_details', true),
];

describe('buildMenuTree', () => {
  it('keeps granted menus with their ancestors and leaves buttons out', () => {
    const tree = buildMenuTree(all, new Set([2, 3]));
    expect(tree).toEqual([
      {
        id: 1,
        powerUrl: '/system',
        title: '/system',
        icon: null,
        hidden: false,
        subList: [
          {
            id: 2,
            powerUrl: '/administrator',
            title: '/administrator',
            icon: null,
            hidden: false,
            subList: [],
          },
        ],
      },
    ]);
  });

  it('keeps hidden detail screens as hidden children of their menu', () => {
    const tree = buildMenuTree(all, new Set([5, 6, 7]));
    expect(tree[0]!.subList[0]!.subList).toEqual([
      expect.objectContaining({ powerUrl: '/denderManagement_details', hidden: true }),
    ]);
  });

  it('gives nothing for no powers', () => {
    expect(buildMenuTree(all, new Set())).toEqual([]);
  });
});
