import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, publicApi } from '@tender/contracts';
import {
  ApiError,
  readableErrorMsg,
  REQUEST_TIMEOUT_MS,
  RequestTimeoutError,
  request,
  setRequestFeedback,
} from './request';
import { setToken } from './auth-storage';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const feedback = { error: vi.fn(), confirmLogout: vi.fn() };
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  feedback.error.mockReset();
  feedback.confirmLogout.mockReset();
  fetchMock.mockReset();
  setRequestFeedback(feedback);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request', () => {
  it('resolves data for code 0 and sends the token and base path', async () => {
    setToken('tok-1');
    fetchMock.mockResolvedValue(answer({ code: 0, message: 'ok', data: { title: '系统' } }));
    await expect(request(publicApi.systemInfo)).resolves.toEqual({ title: '系统' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/tendering-service/api/public/system-info');
    expect((init?.headers as Record<string, string>).Authorization).toBe('tok-1');
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('treats code -1 as success too', async () => {
    fetchMock.mockResolvedValue(answer({ code: -1, message: 'ok', data: 'x' }));
    await expect(request(publicApi.systemInfo)).resolves.toBe('x');
  });

  it('sends GET input in the query and POST input as JSON, without a token when none', async () => {
    fetchMock.mockImplementation(async () => answer({ code: 0, message: 'ok', data: [] }));
    await request(publicApi.listDictItemsPublic, { typeCode: 'region' });
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/tendering-service/api/public/dictionary/list-items?typeCode=region',
    );
    await request(auth.updateAdminPassword, { oldPassword: 'a', password: 'b' });
    const init = fetchMock.mock.calls[1]![1]!;
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ oldPassword: 'a', password: 'b' });
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('shows errorMsg for 5000 ms and rejects on any other code, whatever the HTTP status', async () => {
    fetchMock.mockResolvedValue(
      answer(
        {
          code: 409,
          message: 'conflict',
          errorMsg: '角色名称已存在',
          data: { fields: [{ field: 'roleName', message: '已存在' }] },
        },
        409,
      ),
    );
    const error = await request(publicApi.systemInfo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(409);
    expect((error as ApiError).fieldErrors).toEqual({ roleName: '已存在' });
    expect(feedback.error).toHaveBeenCalledWith('角色名称已存在', 5000);
    expect(feedback.confirmLogout).not.toHaveBeenCalled();
  });

  it('shows a 400 without the field paths before each rule; the paths stay in data.fields', async () => {
    fetchMock.mockResolvedValue(
      answer(
        {
          code: 400,
          message: 'error',
          errorMsg: 'totalPrice: 投标总价最多两位小数; lots.0.budget: 预算必须大于 0',
          data: {
            fields: [
              { field: 'totalPrice', message: '投标总价最多两位小数' },
              { field: 'lots.0.budget', message: '预算必须大于 0' },
            ],
          },
        },
        400,
      ),
    );
    const error = (await request(publicApi.systemInfo).catch((e: unknown) => e)) as ApiError;
    expect(feedback.error).toHaveBeenCalledWith('投标总价最多两位小数；预算必须大于 0', 5000);
    expect(error.message).toBe('投标总价最多两位小数；预算必须大于 0');
    expect(error.fieldList.map((f) => f.field)).toEqual(['totalPrice', 'lots.0.budget']);
  });

  it("keeps a server's message that names no field path as it is", () => {
    const fields = { fields: [{ field: 'password', message: '密码不能包含用户名' }] };
    expect(readableErrorMsg('密码不能包含用户名', fields)).toBe('密码不能包含用户名');
    expect(readableErrorMsg('时间: 不晚于截止', fields)).toBe('时间: 不晚于截止');
    expect(readableErrorMsg('password: 密码不能包含用户名')).toBe('password: 密码不能包含用户名');
  });

  it('falls back to 请求错误 without errorMsg', async () => {
    fetchMock.mockResolvedValue(answer({ code: 500, message: 'internal' }, 500));
    await expect(request(publicApi.systemInfo)).rejects.toThrow('请求错误');
    expect(feedback.error).toHaveBeenCalledWith('请求错误', 5000);
  });

  it.each([501, 502, 503])('opens the Confirm logout dialog for code %i', async (code) => {
    fetchMock.mockResolvedValue(answer({ code, message: 'x', errorMsg: '登录已失效' }, 401));
    await expect(request(publicApi.systemInfo)).rejects.toBeInstanceOf(ApiError);
    expect(feedback.error).toHaveBeenCalledWith('登录已失效', 5000);
    expect(feedback.confirmLogout).toHaveBeenCalledTimes(1);
  });

  it('lets the guard handle a logged-out answer itself', async () => {
    fetchMock.mockResolvedValue(answer({ code: 502, message: 'x' }, 401));
    await expect(
      request(publicApi.systemInfo, {}, { quiet: true, confirmLogout: false }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(feedback.error).not.toHaveBeenCalled();
    expect(feedback.confirmLogout).not.toHaveBeenCalled();
  });

  it('shows 请求超时 when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request(publicApi.systemInfo)).rejects.toBeInstanceOf(RequestTimeoutError);
    expect(feedback.error).toHaveBeenCalledWith('请求超时', 5000);
  });

  it('aborts after 5 seconds and shows 请求超时', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    );
    const pending = request(publicApi.systemInfo).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(feedback.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeInstanceOf(RequestTimeoutError);
    expect(feedback.error).toHaveBeenCalledWith('请求超时', 5000);
  });

  it('reports an answer that is not an envelope as a request error, not a time-out', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = await request(publicApi.systemInfo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(feedback.error).toHaveBeenCalledWith('请求错误', 5000);
  });
});
