import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import {
  API_BASE,
  SUCCESS_CODES,
  fileApi,
  type Envelope,
  type UploadedFile,
} from '@tender/contracts';
import { getToken } from '@/lib/auth-storage';
import { downloadFile } from '@/lib/file-download';

/** What a form keeps of an uploaded file: enough to list it and to send its id. */
export interface UploadedFileRef {
  id: number;
  name: string;
  size: number;
}

/** The server's default limit (FILE_MAX_BYTES); the server checks the configured one again. */
export const DEFAULT_MAX_FILE_MB = 50;
/** Uploads get longer than the 5 s of ordinary calls. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

const { ALLOWED_FILE_EXTENSIONS, MAX_FILE_NAME_LENGTH } = fileApi;
const ACCEPT = ALLOWED_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');
const EXTENSIONS_TEXT = 'PDF、Word、Excel、ZIP、JPG/PNG';

export const formatFileSize = (bytes: number) => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

/** The browser-side check of what the server refuses anyway: a clear message before the upload. */
export function fileProblem(file: { name: string; size: number }, maxMb: number): string | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!(ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(ext))
    return `不支持的文件类型，仅限 ${EXTENSIONS_TEXT}`;
  if (file.size === 0) return '文件为空（0 字节）';
  if (file.size > maxMb * 1024 * 1024) return `文件超过 ${maxMb} MB 上限`;
  if (file.name.length > MAX_FILE_NAME_LENGTH)
    return `文件名过长（最多 ${MAX_FILE_NAME_LENGTH} 个字符）`;
  return null;
}

/** Posts one file as the multipart field `file`; answers the stored file or the envelope's errorMsg. */
export function uploadFile(
  file: File,
  onProgress: (percent: number) => void,
  purpose?: string,
): { done: Promise<UploadedFile>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadedFile>((resolve, reject) => {
    const query = purpose ? `?purpose=${encodeURIComponent(purpose)}` : '';
    xhr.open('POST', `${API_BASE}${fileApi.upload.path}${query}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let envelope: Envelope | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope;
      } catch {
        // a proxy's HTML page (413 from nginx) is not an envelope
      }
      if (envelope && SUCCESS_CODES.includes(envelope.code)) resolve(envelope.data as UploadedFile);
      else if (xhr.status === 413) reject(new Error('文件超过服务器允许的大小'));
      else reject(new Error(envelope?.errorMsg || `上传失败（HTTP ${xhr.status}）`));
    };
    xhr.onerror = () => reject(new Error('网络错误，上传失败'));
    xhr.ontimeout = () => reject(new Error('上传超时'));
    xhr.onabort = () => reject(new Error('已取消上传'));
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}

/**
 * Files for a form field: drag or pick, each uploaded at once; the field's value is the list of
 * uploaded files (`{id, name, size}`), so a Form.Item holds what the save call sends as ids.
 * A refused file stays in the list in red with the server's reason until removed.
 */
export function FileUpload({
  value,
  onChange,
  maxCount = 20,
  maxMb = DEFAULT_MAX_FILE_MB,
  drag = false,
  disabled,
  hint,
  id,
  purpose,
  prepare,
}: {
  value?: UploadedFileRef[];
  onChange?: (files: UploadedFileRef[]) => void;
  maxCount?: number;
  maxMb?: number;
  /** A drop zone (forms with room) instead of a button. */
  drag?: boolean;
  disabled?: boolean;
  hint?: string;
  /** Set by Form.Item, so the label points at the picker. */
  id?: string;
  /** What the files are for (`?purpose=bid`): the server seals bid files until the opening. */
  purpose?: string;
  /** Turns a picked file into what is uploaded (a `bidder`-mode bid encrypts it first). */
  prepare?: (file: File) => Promise<File>;
}) {
  const files = useMemo(() => value ?? [], [value]);
  // Several uploads may finish before the form re-renders with the new value.
  const latest = useRef(files);
  useLayoutEffect(() => {
    latest.current = files;
  }, [files]);
  // A finished upload keeps the uid it had while uploading, so the list does not flicker.
  const [uids, setUids] = useState<Record<number, string>>({});
  const uidOf = (ref: UploadedFileRef) => uids[ref.id] ?? `file-${ref.id}`;
  const toItem = (ref: UploadedFileRef): UploadFile => ({
    uid: uidOf(ref),
    name: ref.name,
    size: ref.size,
    status: 'done',
  });
  const [pending, setPending] = useState<(UploadFile & { abort?: () => void })[]>([]);

  const patchPending = (uid: string, patch: Partial<UploadFile>) =>
    setPending((list) => list.map((item) => (item.uid === uid ? { ...item, ...patch } : item)));
  const commit = (next: UploadedFileRef[]) => {
    latest.current = next;
    onChange?.(next);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem =
      fileProblem(file, maxMb) ??
      (latest.current.length + pending.filter((p) => p.status !== 'error').length >= maxCount
        ? `最多上传 ${maxCount} 个文件`
        : null);
    if (problem) {
      setPending((list) => [
        ...list,
        { uid: file.uid, name: file.name, size: file.size, status: 'error', response: problem },
      ]);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const raw = file as File & { uid: string };
    let abortUpload = () => {};
    let cancelled = false;
    const start = async () => {
      let body: File = raw;
      if (prepare) {
        try {
          body = await prepare(raw);
        } catch (error) {
          throw new Error(`加密失败：${error instanceof Error ? error.message : String(error)}`, {
            cause: error,
          });
        }
      }
      if (cancelled) throw new Error('已取消上传');
      const upload = uploadFile(body, (percent) => patchPending(raw.uid, { percent }), purpose);
      abortUpload = upload.abort;
      return upload.done;
    };
    setPending((list) => [
      ...list,
      {
        uid: raw.uid,
        name: raw.name,
        size: raw.size,
        status: 'uploading',
        percent: 0,
        abort: () => {
          cancelled = true;
          abortUpload();
        },
      },
    ]);
    start().then(
      (stored) => {
        setUids((map) => ({ ...map, [stored.id]: raw.uid }));
        setPending((list) => list.filter((item) => item.uid !== raw.uid));
        commit([...latest.current, { id: stored.id, name: stored.name, size: stored.size }]);
      },
      (error: Error) => patchPending(raw.uid, { status: 'error', response: error.message }),
    );
  };

  const onRemove = (item: UploadFile) => {
    const waiting = pending.find((p) => p.uid === item.uid);
    if (waiting) {
      waiting.abort?.();
      setPending((list) => list.filter((p) => p.uid !== item.uid));
    } else {
      commit(latest.current.filter((ref) => uidOf(ref) !== item.uid));
    }
    return false;
  };

  const onPreview = (item: UploadFile) => {
    const ref = latest.current.find((r) => uidOf(r) === item.uid);
    if (ref) void downloadFile(ref.id, ref.name).catch(() => undefined);
  };

  const props: UploadProps = {
    id,
    name: 'file',
    multiple: true,
    accept: ACCEPT,
    disabled,
    fileList: [...files.map(toItem), ...pending],
    beforeUpload,
    customRequest,
    onRemove,
    onPreview,
    showUploadList: { showPreviewIcon: false, showDownloadIcon: false },
    itemRender: (node, item) =>
      item.status === 'error' ? (
        <div>
          {node}
          <Typography.Text type="danger" style={{ fontSize: 12 }} role="alert">
            {String(item.response ?? '上传失败')}
          </Typography.Text>
        </div>
      ) : (
        node
      ),
  };
  const limits = `支持 ${EXTENSIONS_TEXT}，单个文件不超过 ${maxMb} MB，最多 ${maxCount} 个`;

  if (drag)
    return (
      <Upload.Dragger {...props}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或将文件拖到此处上传</p>
        <p className="ant-upload-hint">{hint ? `${hint}；${limits}` : limits}</p>
      </Upload.Dragger>
    );
  return (
    <Upload {...props}>
      <Button icon={<UploadOutlined />} disabled={disabled}>
        选择文件
      </Button>
      <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
        {hint ? `${hint}；${limits}` : limits}
      </Typography.Text>
    </Upload>
  );
}
