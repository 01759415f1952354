import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Form,
  Input,
  Modal,
  Result,
  Segmented,
  Space,
  Typography,
  Upload,
} from 'antd';
import { FileProtectOutlined, KeyOutlined, UnlockOutlined } from '@ant-design/icons';
import type { BiddableTender, MyBid, RouteData, bidApi } from '@tender/contracts';
import { Countdown } from '@/components/Countdown';
import { formatDateTime } from '@/lib/time';
import { openQuotation, toBase64, WrongKeyError } from '@tender/contracts/bidder-sealing';
import { unwrapInBrowser } from '@/lib/bid-crypto-client';
import { ApiError } from '@/lib/request';
import { useDecryptBid } from '../api/decrypt-bid';
import { fetchMySealedBid } from '../api/get-my-sealed-bid';
import { ENVELOPE_HELP } from './EnvelopeDownload';
import { envelopeKey, envelopeMismatch, parseEnvelope, type BidEnvelope } from './envelope';

type Decrypted = RouteData<typeof bidApi.decryptBid>;
type Method = 'passphrase' | 'envelope';

/** A problem found in the browser: shown in place, nothing was sent. */
class LocalProblem extends Error {}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '解密失败，请重试');

/**
 * 解密投标, during the opening's decryption window: the passphrase (or the 密码信封) unwraps the
 * content key in this browser; the key is tried on the ciphertext here first, so a wrong
 * passphrase or a foreign envelope is said at once and nothing is sent. Only a key that opens
 * this bid goes to decrypt-bid, where the server decrypts and checks the receipt digest.
 */
export function DecryptBidModal({
  tender,
  bid,
  onClose,
}: {
  tender: BiddableTender;
  bid: MyBid;
  onClose: () => void;
}) {
  const [method, setMethod] = useState<Method>('passphrase');
  const [passphrase, setPassphrase] = useState('');
  const [envelope, setEnvelope] = useState<BidEnvelope>();
  const [problem, setProblem] = useState<string>();
  const [working, setWorking] = useState<string>();
  const [done, setDone] = useState<Decrypted>();
  const decrypt = useDecryptBid();

  /** The content key that provably opens this bid, or a LocalProblem. */
  const localKey = async () => {
    setWorking('正在读取本公司的加密投标…');
    const mine = await fetchMySealedBid(bid.bidId);
    if (method === 'passphrase') {
      setWorking('正在本机验证口令（约需数秒）…');
      try {
        return await unwrapInBrowser(mine.sealed, passphrase);
      } catch (error) {
        if (error instanceof WrongKeyError)
          throw new LocalProblem('口令不正确，请重新输入。未向服务器发送任何内容。');
        throw error;
      }
    }
    if (!envelope) throw new LocalProblem('请先选择密码信封文件');
    const mismatch = envelopeMismatch(envelope, mine, tender.tenderNo);
    if (mismatch) throw new LocalProblem(`${mismatch}。未向服务器发送任何内容。`);
    const key = envelopeKey(envelope);
    try {
      await openQuotation(mine.sealed, key);
    } catch (error) {
      if (error instanceof WrongKeyError)
        throw new LocalProblem(
          envelope.revision === mine.revision
            ? '该密码信封中的密钥不能解密本投标（文件可能已被改动）。请改用口令。未向服务器发送任何内容。'
            : `该密码信封是第 ${envelope.revision} 版投标的，不能解密当前的第 ${mine.revision} 版。请使用最后一次提交后下载的信封，或改用口令。未向服务器发送任何内容。`,
          { cause: error },
        );
      // The key opens the ciphertext; what it holds is judged by the server.
    }
    return key;
  };

  const run = async () => {
    setProblem(undefined);
    try {
      const key = await localKey();
      setWorking('本机验证通过，正在提交解密密钥…');
      setDone(
        await decrypt.mutateAsync({
          bidId: bid.bidId,
          lotId: bid.lotId,
          contentKey: toBase64(key),
        }),
      );
    } catch (error) {
      setProblem(
        error instanceof LocalProblem || error instanceof ApiError
          ? error.message
          : `解密失败：${messageOf(error)}`,
      );
    } finally {
      setWorking(undefined);
    }
  };

  const pickEnvelope = async (file: File) => {
    setProblem(undefined);
    setEnvelope(undefined);
    try {
      setEnvelope(parseEnvelope(await file.text()));
    } catch (error) {
      setProblem(messageOf(error));
    }
    return Upload.LIST_IGNORE;
  };

  const ready = method === 'passphrase' ? passphrase.length > 0 : envelope !== undefined;

  return (
    <Modal
      open
      width={560}
      title={`解密投标 · ${tender.title}`}
      onCancel={onClose}
      footer={
        done ? (
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button
              type="primary"
              icon={<UnlockOutlined />}
              disabled={!ready}
              loading={working !== undefined}
              onClick={run}
            >
              解密
            </Button>
          </Space>
        )
      }
    >
      {tender.decryptUntil && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <span data-testid="decrypt-countdown">
              <Countdown
                deadline={tender.decryptUntil}
                prefix="解密剩余 "
                doneText="解密时间已结束"
              />
            </span>
          }
          description="请在解密时限内完成解密（以服务器时间为准）；逾期未解密的投标判为解密失败、无效。"
        />
      )}
      {done ? (
        <DecryptedResult result={done} />
      ) : (
        <Form layout="vertical" onFinish={() => ready && run()}>
          <Segmented<Method>
            block
            value={method}
            onChange={(next) => {
              setMethod(next);
              setProblem(undefined);
            }}
            style={{ marginBottom: 16 }}
            options={[
              { value: 'passphrase', label: '使用解密口令', icon: <KeyOutlined /> },
              { value: 'envelope', label: '使用密码信封', icon: <FileProtectOutlined /> },
            ]}
          />
          {method === 'passphrase' ? (
            <Form.Item
              label="投标解密口令"
              htmlFor="decrypt-passphrase"
              extra="口令只在本机使用，不会发送到服务器。"
            >
              <Input.Password
                id="decrypt-passphrase"
                autoFocus
                autoComplete="off"
                value={passphrase}
                onChange={(event) => setPassphrase(event.target.value)}
                placeholder="提交报价时设置的口令"
                onPressEnter={() => ready && run()}
              />
            </Form.Item>
          ) : (
            <Form.Item label="密码信封文件" extra={ENVELOPE_HELP}>
              <Space direction="vertical" style={{ width: '100%' }}>
                <Upload
                  accept=".json,application/json"
                  beforeUpload={pickEnvelope}
                  showUploadList={false}
                >
                  <Button icon={<FileProtectOutlined />}>选择密码信封（.json）</Button>
                </Upload>
                {envelope && (
                  <Typography.Text type="secondary" data-testid="envelope-picked">
                    {envelope.tenderNo} · 投标编号 {envelope.bidId} · 第 {envelope.revision} 版
                  </Typography.Text>
                )}
              </Space>
            </Form.Item>
          )}
          {working && <Typography.Text type="secondary">{working}</Typography.Text>}
          {problem && (
            <Alert type="error" showIcon role="alert" title="未能解密" description={problem} />
          )}
        </Form>
      )}
    </Modal>
  );
}

/** The server's answer: decrypted, the digest checked, and whether the bid is valid. */
function DecryptedResult({ result }: { result: Decrypted }) {
  return (
    <Result
      status={result.valid ? 'success' : 'warning'}
      title={result.valid ? '解密成功' : '已解密，但投标无效'}
      subTitle={
        result.valid
          ? '报价已解密，将在解密结束后列入开标记录。'
          : (result.invalidReason ?? '解密后的报价不符合要求。')
      }
      extra={
        <Descriptions
          size="small"
          column={1}
          bordered
          // Short labels: on a phone they stay on one line, the values wrap.
          styles={{ label: { whiteSpace: 'nowrap' } }}
          items={[
            { key: 'at', label: '解密时间', children: formatDateTime(result.decryptedAt) },
            {
              key: 'digest',
              label: '回执摘要核验',
              children: result.digestVerified ? '一致（开启的正是贵公司提交的这一版）' : '不一致',
            },
          ]}
        />
      }
    />
  );
}
