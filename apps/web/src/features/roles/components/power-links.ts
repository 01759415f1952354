import type { Power } from '@tender/contracts';

export interface PowerLinks {
  /** Each power's id → the ids of every power below it. */
  descendants: Map<number, number[]>;
  /** Each power's id → the ids of every power above it, nearest first. */
  ancestors: Map<number, number[]>;
  allIds: number[];
}

/** Indexes the power tree once so that checking a node can follow its branch both ways. */
export function linkPowers(tree: Power[]): PowerLinks {
  const descendants = new Map<number, number[]>();
  const ancestors = new Map<number, number[]>();
  const allIds: number[] = [];
  const walk = (node: Power, above: number[]): number[] => {
    allIds.push(node.id);
    ancestors.set(node.id, above);
    const below = (node.children ?? []).flatMap((child) => [
      child.id,
      ...walk(child, [node.id, ...above]),
    ]);
    descendants.set(node.id, below);
    return below;
  };
  for (const root of tree) walk(root, []);
  return { descendants, ancestors, allIds };
}

/**
 * Checking a power grants its whole branch and the parents that lead to it (a menu is useless
 * without its group); unchecking removes the branch and leaves the parents alone.
 */
export function togglePower(
  links: PowerLinks,
  checked: ReadonlySet<number>,
  id: number,
  check: boolean,
): Set<number> {
  const next = new Set(checked);
  const branch = [id, ...(links.descendants.get(id) ?? [])];
  if (check) {
    for (const each of [...branch, ...(links.ancestors.get(id) ?? [])]) next.add(each);
  } else {
    for (const each of branch) next.delete(each);
  }
  return next;
}
