import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler, type To } from 'react-router';

type LinkButtonProps = Omit<ButtonProps, 'href' | 'onClick' | 'htmlType'> & {
  to: To;
  replace?: boolean;
};

/**
 * A route drawn as a button: one link (`<a class="ant-btn" href>`), not a <button> inside an
 * <a> — two controls in one, which HTML forbids and which Tab and a screen reader meet twice.
 * Like any link it opens in a new tab with Ctrl/⌘ or the middle button, and goes there in the
 * app otherwise.
 */
export function LinkButton({ to, replace, ...props }: LinkButtonProps) {
  const href = useHref(to);
  const goTo = useLinkClickHandler<HTMLAnchorElement>(to, { replace });
  return (
    <Button
      {...props}
      href={href}
      onClick={(event: MouseEvent<HTMLElement>) => goTo(event as MouseEvent<HTMLAnchorElement>)}
    />
  );
}
