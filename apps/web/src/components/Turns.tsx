import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';

// Outside <Turns> every turn has come: a component that marks its later parts draws them all.
const TurnContext = createContext(Number.POSITIVE_INFINITY);

/**
 * Mounts a long screen in turns, each in its own task after the one before has painted: on a
 * phone the 供应商注册 form mounted at once was one ≈ 300 ms task (4× CPU) in which the page
 * could not answer a tap. Parts wrapped in `<InTurn turn={n}>` appear at turn n (1 … `turns`);
 * mark only what comes below, so nothing drawn moves.
 */
export function Turns({ turns, children }: { turns: number; children: ReactNode }) {
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    if (turn >= turns) return;
    const timer = setTimeout(() => startTransition(() => setTurn(turn + 1)));
    return () => clearTimeout(timer);
  }, [turn, turns]);
  return <TurnContext value={turn}>{children}</TurnContext>;
}

export function InTurn({ turn, children }: { turn: number; children: ReactNode }) {
  return useContext(TurnContext) >= turn ? children : null;
}
