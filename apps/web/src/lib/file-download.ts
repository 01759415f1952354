import { API_BASE, LOGGED_OUT_CODES, fileApi, type Envelope } from '@tender/contracts';
import { getToken } from './auth-storage';
import { feedback } from './feedback';
import { ApiError, readableErrorMsg } from './request';

/** The name a Content-Disposition header carries: RFC 5987 `filename*` (UTF-8) first. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || null;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads a stored file with the session's token and saves it under `name` (the Chinese name
 * the list shows; the server's Content-Disposition name when none is given). A refusal (an
 * error envelope: not signed up, unknown file) shows its errorMsg and rejects with ApiError.
 */
export async function downloadFile(id: number, name?: string): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${fileApi.download.path}?id=${encodeURIComponent(id)}`, {
      headers: token ? { Authorization: token } : {},
    });
  } catch {
    feedback.error('网络错误，下载失败', 5000);
    throw new Error('网络错误，下载失败');
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json') || !response.ok) {
    let envelope: Envelope = { code: response.status, message: response.statusText };
    try {
      envelope = (await response.json()) as Envelope;
    } catch {
      // not an envelope (a proxy's error page)
    }
    const text = readableErrorMsg(
      envelope.errorMsg || `下载失败（HTTP ${response.status}）`,
      envelope.data,
    );
    feedback.error(text, 5000);
    if (LOGGED_OUT_CODES.includes(envelope.code)) feedback.confirmLogout();
    throw new ApiError(envelope.code, text, envelope.data);
  }
  const fileName =
    name || fileNameFromDisposition(response.headers.get('content-disposition')) || `file-${id}`;
  saveBlob(await response.blob(), fileName);
}
