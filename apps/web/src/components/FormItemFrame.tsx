import { useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ConfigContext } from 'antd/es/config-provider';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useFormStyle from 'antd/es/form/style';
import { useColStyle, useRowStyle } from 'antd/es/grid/style';

/**
 * Ant Design's vertical form, drawn without its Form: the same elements and class names, styled
 * by Form's and Grid's own style hooks, so it looks exactly like a Form (and follows the theme),
 * without rc-form, its rules engine and the Tooltip it brings: a fifth of 供应商注册's script.
 * The screen keeps the values and checks them itself.
 */
export function useFormFrame() {
  const { getPrefixCls } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('form');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useFormStyle(prefixCls, rootCls);
  const [rowHash, rowVar] = useRowStyle(getPrefixCls('row'));
  const [colHash, colVar] = useColStyle(getPrefixCls('col'));
  return {
    form: `${prefixCls} ${prefixCls}-vertical ${cssVarCls} ${rootCls} ${hashId}`,
    item: `${prefixCls}-item ${cssVarCls} ${rootCls} ${hashId}`,
    row: `${getPrefixCls('row')} ${prefixCls}-item-row ${rowHash} ${rowVar}`,
    col: `${getPrefixCls('col')} ${colHash} ${colVar}`,
    explain: `${prefixCls}-item-explain ${cssVarCls} ${rootCls} ${prefixCls}-item-explain-connected ${hashId}`,
    prefixCls,
  };
}

export type FormFrame = ReturnType<typeof useFormFrame>;

/** Form.Item's bottom margin (the Form token `itemMarginBottom`, marginLG). */
const ITEM_MARGIN = 24;

/** What a control inside a FormItemFrame is given, as Form.Item gives it to its child. */
export function controlProps(id: string, { errors, extra, required }: FieldState) {
  const describedBy = [errors.length ? `${id}_help` : '', extra ? `${id}_extra` : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    status: errors.length ? ('error' as const) : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': errors.length ? ('true' as const) : undefined,
    'aria-required': required ? ('true' as const) : undefined,
  };
}

export interface FieldState {
  errors: string[];
  extra?: ReactNode;
  required?: boolean;
}

/**
 * One Form.Item in the vertical layout: label (with the required mark), the control, then the
 * errors and the extra text. The errors take the item's bottom margin as Form.Item's do (its
 * `margin-offset`), so nothing below moves when they appear.
 */
export function FormItemFrame({
  frame,
  id,
  label,
  className,
  errors,
  extra,
  required,
  children,
}: FieldState & {
  frame: FormFrame;
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const item = frame.prefixCls + '-item';
  const hasError = errors.length > 0;
  // As Form.Item: while errors show, the extra text's height is read (never during the boot).
  const extraElement = useRef<HTMLDivElement>(null);
  const [extraHeight, setExtraHeight] = useState(0);
  useLayoutEffect(() => {
    if (hasError) setExtraHeight(extraElement.current?.clientHeight ?? 0);
  }, [hasError, extra]);
  const classes = [frame.item, className, hasError && `${item}-with-help ${item}-has-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`${classes} ${item}-vertical`}>
      <div className={frame.row}>
        <div className={`${frame.col} ${item}-label`}>
          <label htmlFor={id} className={required ? `${item}-required` : ''} title={label}>
            {label}
          </label>
        </div>
        <div className={`${frame.col} ${item}-control`}>
          <div className={`${item}-control-input`}>
            <div className={`${item}-control-input-content`}>{children}</div>
          </div>
          {(hasError || extra) && (
            <div
              className={`${item}-additional`}
              // The errors take the item's bottom margin (with the offset below), as Form.Item.
              style={hasError ? { minHeight: ITEM_MARGIN + extraHeight } : undefined}
            >
              {hasError && (
                <div id={`${id}_help`} className={frame.explain}>
                  {errors.map((error, index) => (
                    <div key={index} className={`${item}-explain-error`}>
                      {error}
                    </div>
                  ))}
                </div>
              )}
              {extra && (
                <div id={`${id}_extra`} className={`${item}-extra`} ref={extraElement}>
                  {extra}
                </div>
              )}
            </div>
          )}
        </div>
      </div>
      {hasError && (
        <div className={`${item}-margin-offset`} style={{ marginBottom: -ITEM_MARGIN }} />
      )}
    </div>
  );
}
