import { useEffect, type RefObject } from 'react';
import { useReducedMotion } from '@/hooks/use-reduced-motion';

/**
 * Once the list has loaded, scrolls the element `selector` names inside `box` to the middle of
 * the screen (a notification's link picks one record out); at once when motion is reduced.
 */
export function useScrollToPicked(
  box: RefObject<HTMLElement | null>,
  selector: string | undefined,
  loaded: boolean,
) {
  const reduced = useReducedMotion();
  useEffect(() => {
    if (!selector || !loaded) return;
    box.current
      ?.querySelector(selector)
      ?.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  }, [box, selector, loaded, reduced]);
}
