import type { Envelope, RouteContract, RouteData, RouteInput } from '@tender/contracts';
import {
  BROWSER_API_BASE as API_BASE,
  BROWSER_LOGGED_OUT_CODES as LOGGED_OUT_CODES,
  BROWSER_SUCCESS_CODES as SUCCESS_CODES,
  type RouteRef,
} from '@tender/contracts/browser';
import { getToken } from './auth-storage';

export const REQUEST_TIMEOUT_MS = 5000;
export const ERROR_MESSAGE_DURATION_MS = 5000;

/** How the wrapper talks to the user; the app wires it to Ant Design's message and modal. */
export interface RequestFeedback {
  error(text: string, durationMs: number): void;
  confirmLogout(): void;
}

const silentFeedback: RequestFeedback = { error: () => {}, confirmLogout: () => {} };
let feedback: RequestFeedback = silentFeedback;
export const setRequestFeedback = (next: RequestFeedback) => {
  feedback = next;
};

// Test-only seam: unit tests answer calls here in place of the network (src/test/request-stub.ts)
// without a module mock, so their files share one worker. The app never sets it.
type StandIn = (...call: Parameters<typeof request>) => Promise<unknown>;
let standIn: StandIn | undefined;
export const setRequestStandIn = (next: StandIn | undefined) => {
  standIn = next;
};

/** An envelope whose code is not a success code; carries the server's fields for forms. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
  /** Field errors the server attached (to a 400 or a 409), in its order: path and message. */
  get fieldList(): FieldMessage[] {
    return fieldsOf(this.data);
  }
  /** The same, keyed by field path (a field's last message). */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries(this.fieldList.map((f) => [f.field, f.message]));
  }
}

interface FieldMessage {
  field: string;
  message: string;
}
const fieldsOf = (data: unknown): FieldMessage[] => {
  const fields = (data as { fields?: unknown } | null | undefined)?.fields;
  return Array.isArray(fields)
    ? fields.filter(
        (f): f is FieldMessage =>
          typeof (f as FieldMessage)?.field === 'string' &&
          typeof (f as FieldMessage)?.message === 'string',
      )
    : [];
};

/**
 * The text a person reads for a refusal: the server's errorMsg without the field paths an older
 * server put before each rule ("totalPrice: 投标总价最多两位小数; …" → "投标总价最多两位小数；…").
 * The form shows each message at its field; the path stays in `data.fields` for it.
 */
export function readableErrorMsg(errorMsg: string, data?: unknown): string {
  const fields = fieldsOf(data);
  if (fields.length === 0) return errorMsg;
  const paths = new Set(fields.map((f) => f.field));
  return errorMsg
    .split('; ')
    .map((part) => {
      const colon = part.indexOf(': ');
      return colon > 0 && paths.has(part.slice(0, colon)) ? part.slice(colon + 2) : part;
    })
    .join('；');
}
export class RequestTimeoutError extends Error {}

export interface RequestOptions {
  timeoutMs?: number;
  /** Do not show the error message (the caller shows it in place). */
  quiet?: boolean;
  /** Set false where the caller ends the session itself (the navigation guard). */
  confirmLogout?: boolean;
  signal?: AbortSignal;
}

const toQueryString = (input: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * Calls one contract route: GET sends the input in the query, POST as JSON. Reads the envelope
 * whatever the HTTP status; codes 0 and -1 resolve `data` (the original client treats -1 as success).
 */
export async function request<R extends RouteContract>(
  ...call: [route: R | RouteRef<R>, input?: RouteInput<R>, options?: RequestOptions]
): Promise<RouteData<R>> {
  if (standIn) return standIn(...call) as Promise<RouteData<R>>;
  const [route, input, options = {}] = call;
  const params = (input ?? {}) as Record<string, unknown>;
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = token;
  const isGet = route.method === 'GET';
  if (!isGet) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort());

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${route.path}${isGet ? toQueryString(params) : ''}`, {
      method: route.method,
      headers,
      body: isGet ? undefined : JSON.stringify(params),
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    return timedOut(options);
  }

  let envelope: Envelope;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    if (controller.signal.aborted) return timedOut(options);
    // An answer that is not an envelope (a proxy's HTML error page) is a failed request, not a time-out.
    envelope = { code: response.status, message: response.statusText };
  } finally {
    clearTimeout(timer);
  }
  return settle(envelope, options) as RouteData<R>;
}

function timedOut(options: RequestOptions): never {
  if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  if (!options.quiet) feedback.error('请求超时', ERROR_MESSAGE_DURATION_MS);
  throw new RequestTimeoutError('请求超时');
}

function settle(envelope: Envelope, options: RequestOptions): unknown {
  if (SUCCESS_CODES.includes(envelope.code)) return envelope.data;
  const text = readableErrorMsg(envelope.errorMsg || '请求错误', envelope.data);
  if (!options.quiet) feedback.error(text, ERROR_MESSAGE_DURATION_MS);
  if (LOGGED_OUT_CODES.includes(envelope.code) && options.confirmLogout !== false) {
    feedback.confirmLogout();
  }
  throw new ApiError(envelope.code, text, envelope.data);
}

/** Downloads a file route (an .xlsx export) with the token, and saves it under `fileName`. */
export async function download<R extends RouteContract>(
  route: R | RouteRef<R>,
  input: RouteInput<R>,
  fileName: string,
) {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(
      `${API_BASE}${route.path}${toQueryString(input as Record<string, unknown>)}`,
      { headers: token ? { Authorization: token } : {} },
    );
  } catch {
    return timedOut({});
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const envelope = (await response.json()) as Envelope;
    const text = readableErrorMsg(envelope.errorMsg || '请求错误', envelope.data);
    feedback.error(text, ERROR_MESSAGE_DURATION_MS);
    if (LOGGED_OUT_CODES.includes(envelope.code)) feedback.confirmLogout();
    throw new ApiError(envelope.code, text);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}
