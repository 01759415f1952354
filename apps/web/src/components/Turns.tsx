import {
  Children,
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';

// The turn that has come; infinite outside <Turns> and once its last turn has come, so a
// component that marks its later parts always draws them all in the end.
const TurnContext = createContext(Number.POSITIVE_INFINITY);

/**
 * Mounts a long screen in turns, each in its own task after the one before: on a phone the
 * 供应商注册 form mounted at once was one ≈ 300 ms task (4× CPU) in which the page could not
 * answer a tap, and a commit of a few fields is a short one. Parts wrapped in `<InTurn>` or
 * `<InTurns>` appear at their turn (1 … `turns`; at the last, everything left). Mark only what
 * comes below, so nothing drawn moves.
 */
export function Turns({ turns, children }: { turns: number; children: ReactNode }) {
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    if (turn >= turns) return;
    const timer = setTimeout(() => startTransition(() => setTurn(turn + 1)));
    return () => clearTimeout(timer);
  }, [turn, turns]);
  return (
    <TurnContext value={turn >= turns ? Number.POSITIVE_INFINITY : turn}>{children}</TurnContext>
  );
}

export function InTurn({ turn, children }: { turn: number; children: ReactNode }) {
  return useContext(TurnContext) >= turn ? children : null;
}

/** Its children `perTurn` at a time, the first ones at turn `from`. */
export function InTurns({
  from,
  perTurn = 2,
  children,
}: {
  from: number;
  perTurn?: number;
  children: ReactNode;
}) {
  const turn = useContext(TurnContext);
  const shown = Math.max(0, (turn - from + 1) * perTurn);
  return Children.toArray(children).slice(0, shown);
}
