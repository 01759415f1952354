import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { InTurn, InTurns, Turns } from './Turns';

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

  it('mounts a list a few at a time, and everything left at the last turn', async () => {
    const items = ['一', '二', '三', '四', '五'].map((n) => <p key={n}>{n}</p>);
    render(
      <Turns turns={2}>
        <InTurns from={1}>{items}</InTurns>
      </Turns>,
    );
    expect(screen.queryAllByRole('paragraph')).toHaveLength(0);
    await screen.findByText('二');
    await screen.findByText('五');
    expect(screen.getAllByRole('paragraph').map((p) => p.textContent)).toEqual([
      '一',
      '二',
      '三',
      '四',
      '五',
    ]);
  });

  it('draws everything at once outside Turns', () => {
    render(
      <>
        {parts}
        <InTurns from={1}>
          <p>a</p>
          <p>b</p>
          <p>c</p>
        </InTurns>
      </>,
    );
    expect(screen.getAllByRole('paragraph')).toHaveLength(6);
  });
});
