import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { InTurn, Turns } from './Turns';

afterEach(cleanup);

const parts = (
  <>
    <p>at once</p>
    <InTurn turn={1}>
      <p>first turn</p>
    </InTurn>
    <InTurn turn={2}>
      <p>second turn</p>
    </InTurn>
  </>
);

describe('Turns', () => {
  it('mounts the later parts in order, each after the one before', async () => {
    render(<Turns turns={2}>{parts}</Turns>);
    expect(screen.getByText('at once')).toBeTruthy();
    expect(screen.queryByText('first turn')).toBeNull();
    expect(screen.queryByText('second turn')).toBeNull();
    await screen.findByText('first turn');
    await screen.findByText('second turn');
    expect(screen.getAllByRole('paragraph').map((p) => p.textContent)).toEqual([
      'at once',
      'first turn',
      'second turn',
    ]);
  });

  it('draws everything at once outside Turns', () => {
    render(parts);
    expect(screen.getAllByRole('paragraph')).toHaveLength(3);
  });
});
