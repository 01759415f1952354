import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import FeedbackHost from '@/components/FeedbackHost';
import { stubBrowserLayout } from '@/test/render';
import { FileUpload, fileProblem, uploadFile, type UploadedFileRef } from './FileUpload';

beforeAll(() => stubBrowserLayout());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A stand-in XMLHttpRequest answering every upload with `reply`. */
function stubXhr(reply: { status: number; body: unknown }) {
  const sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
  class FakeXhr {
    upload = { onprogress: null };
    status = 0;
    responseText = '';
    timeout = 0;
    onload: (() => void) | null = null;
    onerror = null;
    ontimeout = null;
    onabort = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: FormData) {
      sent.push({ url: this.url, headers: this.headers, body });
      this.status = reply.status;
      this.responseText = JSON.stringify(reply.body);
      setTimeout(() => this.onload?.(), 0);
    }
    abort() {}
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function Harness({ onValue }: { onValue: (v: UploadedFileRef[]) => void }) {
  const [value, setValue] = useState<UploadedFileRef[]>([]);
  return (
    <>
      <FeedbackHost />
      <FileUpload
        id="files"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
    </>
  );
}

const pick = (file: File) => {
  const input = document.querySelector('input[type=file]')!;
  fireEvent.change(input, { target: { files: [file] } });
};

describe('FileUpload', () => {
  it('refuses a forged type, an empty file and an oversized one before uploading', () => {
    expect(fileProblem({ name: 'a.exe', size: 10 }, 50)).toMatch('不支持的文件类型');
    expect(fileProblem({ name: 'a.pdf', size: 0 }, 50)).toMatch('0 字节');
    expect(fileProblem({ name: 'a.pdf', size: 51 * 1024 * 1024 }, 50)).toMatch('50 MB');
    expect(fileProblem({ name: `${'长'.repeat(300)}.pdf`, size: 1 }, 50)).toMatch('文件名过长');
    expect(fileProblem({ name: '资质.PDF', size: 1 }, 50)).toBeNull();
  });

  it('posts the file as `file` and adds the stored file to the value', async () => {
    sessionStorage.setItem('Admin-Token', 'tok-1');
    const sent = stubXhr({
      status: 200,
      body: { code: 0, message: 'ok', data: { id: 7, name: '营业执照.pdf', size: 3 } },
    });
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    pick(new File(['abc'], '营业执照.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(onValue).toHaveBeenCalledWith([{ id: 7, name: '营业执照.pdf', size: 3 }]),
    );
    expect(sent[0]?.url).toBe('/tendering-service/api/file/upload');
    expect(sent[0]?.headers.Authorization).toBe('tok-1');
    expect((sent[0]?.body.get('file') as File).name).toBe('营业执照.pdf');
    expect(await screen.findByText('营业执照.pdf')).toBeTruthy();
  });

  it("shows the server's refusal beside the file and keeps it out of the value", async () => {
    stubXhr({ status: 400, body: { code: 400, message: 'bad', errorMsg: '文件内容与扩展名不符' } });
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    pick(new File(['MZ'], '报价.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('文件内容与扩展名不符')).toBeTruthy();
    expect(onValue).not.toHaveBeenCalled();
  });
});

describe('uploadFile', () => {
  it('names the purpose in the query so that bid files are sealed', async () => {
    const sent = stubXhr({
      status: 200,
      body: { code: 0, message: 'ok', data: { id: 8, name: '报价单.pdf', size: 3 } },
    });
    const { done } = uploadFile(new File(['abc'], '报价单.pdf'), () => {}, 'bid');
    await done;
    expect(sent[0]?.url).toBe('/tendering-service/api/file/upload?purpose=bid');
  });
});
