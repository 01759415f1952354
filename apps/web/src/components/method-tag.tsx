import { Tag } from 'antd';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

const METHOD_COLORS: Record<HttpMethod, string> = {
  GET: 'green',
  POST: 'blue',
  PUT: 'orange',
  DELETE: 'red',
  PATCH: 'purple',
};

/** An HTTP verb in the colours API documentation tools use for it. */
export function MethodTag({ method }: { method: HttpMethod }) {
  return (
    <Tag
      color={METHOD_COLORS[method]}
      style={{ fontFamily: 'monospace', minWidth: 58, textAlign: 'center' }}
    >
      {method}
    </Tag>
  );
}
