import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './request';
import { setToken } from './auth-storage';
import { downloadFile, fileNameFromDisposition } from './file-download';
import { feedback } from './feedback';

const fetchMock = vi.fn<typeof fetch>();
let saved: { name: string; href: string }[] = [];

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href });
  });
  vi.spyOn(feedback, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadFile', () => {
  it('fetches the file with the token and saves it under its Chinese name', async () => {
    setToken('tok-9');
    fetchMock.mockResolvedValue(
      new Response('%PDF-1.4', {
        headers: { 'Content-Type': 'application/pdf' },
      }),
    );
    await downloadFile(12, '营业执照.pdf');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/tendering-service/api/file/download?id=12');
    expect((init?.headers as Record<string, string>).Authorization).toBe('tok-9');
    expect(saved).toEqual([{ name: '营业执照.pdf', href: 'blob:x' }]);
  });

  it("falls back to the server's filename* when no name is given", async () => {
    fetchMock.mockResolvedValue(
      new Response('x', {
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="file.zip"; filename*=UTF-8''${encodeURIComponent('招标文件.zip')}`,
        },
      }),
    );
    await downloadFile(3);
    expect(saved[0]?.name).toBe('招标文件.zip');
  });

  it('shows the errorMsg of a refusal and saves nothing', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 404, message: 'x', errorMsg: '文件不存在' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const error = await downloadFile(5, 'a.pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('文件不存在');
    expect(feedback.error).toHaveBeenCalledWith('文件不存在', 5000);
    expect(saved).toEqual([]);
  });
});

describe('fileNameFromDisposition', () => {
  it('reads the plain name when there is no filename*', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
