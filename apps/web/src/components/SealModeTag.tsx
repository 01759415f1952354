import { Tag, Tooltip } from 'antd';
import { KeyOutlined, LockOutlined } from '@ant-design/icons';
import type { PublicTender } from '@tender/contracts';

/** What each seal mode means to a supplier, said before it signs up. */
export const SEAL_MODE_TEXT: Record<PublicTender['sealMode'], { label: string; help: string }> = {
  server: {
    label: '服务器密封',
    help: '报价由平台加密保存，开标时统一解密。',
  },
  bidder: {
    label: '投标人加密',
    help: '不见面开标：报价在投标人浏览器中用其口令加密；开标时投标人须在解密时限内自行解密，未解密的投标无效。',
  },
};

/** The tender's seal mode as a tag, its meaning in the tooltip. */
export function SealModeTag({ mode }: { mode: PublicTender['sealMode'] }) {
  const text = SEAL_MODE_TEXT[mode];
  return (
    <Tooltip title={text.help}>
      <Tag
        color={mode === 'bidder' ? 'purple' : 'default'}
        icon={mode === 'bidder' ? <KeyOutlined /> : <LockOutlined />}
        data-testid="seal-mode"
      >
        {text.label}
      </Tag>
    </Tooltip>
  );
}
