import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { objectionApi, type Objection } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { resetServerClock } from '@/lib/server-clock';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { objectionOf } from '../test/fixtures';
import { ObjectionModal } from './ObjectionModal';
import { ObjectionTable } from './ObjectionTable';
import { AnswerObjectionModal } from './AnswerObjectionModal';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();
vi.setConfig({ testTimeout: 30_000 });

let rows: Objection[] = [];
beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  resetServerClock(0, Date.now());
  rows = [];
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === objectionApi.insertObjection)
      return objectionOf({ content: (input as { content: string }).content });
    if (route === objectionApi.listObjection)
      return { list: rows, total: rows.length, pageNum: 1, pageSize: 10 };
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

const callsTo = (route: unknown) => requestMock.mock.calls.filter(([r]) => r === route);

describe('the objection form', () => {
  it('asks for the text, refuses blanks, then files it with the announcement', async () => {
    const onClose = vi.fn();
    renderWithApp(<ObjectionModal announcementId={5} onClose={onClose} />);
    const submit = await screen.findByRole('button', { name: /提交异议/ });
    fireEvent.click(submit);
    expect(await screen.findByText('请填写异议内容')).toBeTruthy();

    const text = screen.getByLabelText('异议内容');
    fireEvent.change(text, { target: { value: '    ' } });
    fireEvent.click(submit);
    expect(await screen.findByText('请填写异议内容')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(objectionApi.insertObjection)).toHaveLength(0);

    fireEvent.change(text, { target: { value: '  第一候选人的资质证书已于上月过期，请核查。  ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(callsTo(objectionApi.insertObjection)).toHaveLength(1));
    expect(callsTo(objectionApi.insertObjection)[0]![1]).toEqual({
      announcementId: 5,
      content: '第一候选人的资质证书已于上月过期，请核查。',
      fileIds: [],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says who sees the objection', async () => {
    renderWithApp(<ObjectionModal announcementId={5} onClose={() => {}} />);
    expect(await screen.findByText(/其他投标人与公众看不到异议内容及提出人/)).toBeTruthy();
  });
});

describe('the objection list', () => {
  it('highlights an unanswered objection past its three days, not an answered or a fresh one', async () => {
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const future = new Date(Date.now() + 2 * 86_400_000).toISOString();
    rows = [
      objectionOf({ id: 1, supplierName: '逾期公司', answerDueAt: past, overdue: true }),
      objectionOf({ id: 2, supplierName: '新鲜公司', answerDueAt: future }),
      objectionOf({
        id: 3,
        supplierName: '已答公司',
        answerDueAt: past,
        status: 'answered',
        answer: '已核实',
        answeredAt: past,
      }),
      // The server has not flagged it yet, but the server clock says it is overdue.
      objectionOf({ id: 4, supplierName: '刚逾期公司', answerDueAt: past, overdue: false }),
    ];
    renderWithApp(<ObjectionTable />);
    const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    expect((await rowOf('逾期公司')).className).toContain('objection-overdue');
    expect((await rowOf('刚逾期公司')).className).toContain('objection-overdue');
    expect((await rowOf('新鲜公司')).className).not.toContain('objection-overdue');
    expect((await rowOf('已答公司')).className).not.toContain('objection-overdue');
    expect(screen.getAllByText('已逾期')).toHaveLength(2);
    expect((await rowOf('新鲜公司')).querySelector('[role="timer"]')?.textContent).toMatch(
      /剩 1天/,
    );
  });
});

describe("an objection's evidence", () => {
  const evidence = [
    { id: 41, name: '资质证书过期查询截图.pdf' },
    { id: 42, name: '业绩合同扫描件.pdf' },
  ];
  // A file downloads over fetch (a PDF answers) and is saved through a link's click: the click
  // is where the browser takes the file's name.
  const fetchMock = vi.fn(
    async (_url: string) =>
      new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } }),
  );
  const saved: string[] = [];
  let save: { mockRestore(): void } | undefined;
  beforeEach(() => {
    fetchMock.mockClear();
    saved.length = 0;
    vi.stubGlobal('fetch', fetchMock);
    save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    save?.mockRestore();
    vi.unstubAllGlobals();
  });
  /** What downloadFile(id, name) did: fetched file `id` and saved it as `name`. */
  const expectDownloaded = async (id: number, name: string) => {
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      expect.stringMatching(new RegExp(`\\?id=${id}$`)),
    ]);
    await waitFor(() => expect(saved).toEqual([name]));
  };

  it('lists the files in 异议处理, each a download, and picks out the objection a link names', async () => {
    rows = [
      objectionOf({ id: 7, supplierName: '乙公司', files: evidence }),
      objectionOf({ id: 8, supplierName: '丙公司' }),
    ];
    renderWithApp(<ObjectionTable highlightId={7} />);
    fireEvent.click(await screen.findByText('业绩合同扫描件.pdf'));
    await expectDownloaded(42, '业绩合同扫描件.pdf');
    expect(screen.getByText('资质证书过期查询截图.pdf')).toBeTruthy();
    expect((await screen.findByText('乙公司')).closest('tr')!.className).toContain(
      'objection-highlight',
    );
    expect(screen.getByText('丙公司').closest('tr')!.className).not.toContain(
      'objection-highlight',
    );
    // The announcement column leads to the objection itself.
    expect(
      screen
        .getAllByRole('link', { name: objectionOf().announcementTitle })[0]!
        .getAttribute('href'),
    ).toBe('/announcementDetail?id=5&objection=7');
  });

  it('shows the files in the answer dialog', async () => {
    renderWithApp(
      <AnswerObjectionModal objection={objectionOf({ files: evidence })} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: '答复异议' });
    expect(dialog.textContent).toContain('证明材料');
    fireEvent.click(screen.getByText('资质证书过期查询截图.pdf'));
    await expectDownloaded(41, '资质证书过期查询截图.pdf');
  });

  it('says when none was attached', async () => {
    renderWithApp(<AnswerObjectionModal objection={objectionOf()} onClose={() => {}} />);
    expect(await screen.findByText('未附材料')).toBeTruthy();
  });
});
