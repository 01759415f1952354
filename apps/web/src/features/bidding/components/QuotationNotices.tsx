import { Alert } from 'antd';
import { KeyOutlined, LockOutlined } from '@ant-design/icons';
import type { BidCopy } from '../receipt/bid-copy';

/** Where a revision's terms come from: this tab's copy, or nowhere (sealed is sealed). */
export function RevisionNotice({ copy }: { copy: BidCopy | null }) {
  return copy ? (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={`已填入本机保存的第 ${copy.revision} 版报价，请核对修改后提交`}
      description="提交后生成新版本，开标时以截止前最后一版为准。"
    />
  ) : (
    <Alert
      type="info"
      showIcon
      icon={<LockOutlined />}
      style={{ marginBottom: 12 }}
      title="请填写完整的新报价"
      description="已提交的报价开标前对任何人都不显示，包括贵公司，本机也没有这一版的副本。新版本是一份完整的报价，提交后替换现行版本；请对照提交时保存的回执填写。"
    />
  );
}

/** What `bidder` mode asks of the supplier, said before it types anything. */
export function BidderModeNotice({ revising }: { revising: boolean }) {
  return (
    <Alert
      type="warning"
      showIcon
      icon={<KeyOutlined />}
      style={{ marginBottom: 12 }}
      title="投标人加密（不见面开标）"
      description={
        <>
          报价和投标文件在本机加密后才上传，平台和招标方在开标解密前都无法读取。请设置投标解密口令并牢记：开标时须在解密时限内凭口令（或提交后下载的密码信封）解密，忘记口令且没有信封的投标将判为解密失败。
          {revising &&
            ' 修改报价会使用新的密钥：请重新上传投标文件，并保存新的密码信封，旧信封将不能解密新版本。'}
        </>
      }
    />
  );
}
