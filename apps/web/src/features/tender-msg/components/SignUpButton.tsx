import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, FormOutlined } from '@ant-design/icons';
import type { OpenTender } from '@tender/contracts';
import { formatDateTime } from '@/lib/time';
import { useSignUp } from '../api/add-supply-ttender';
import { useFeedback } from '@/lib/feedback';

type Participation = OpenTender['participation'];

/**
 * 报名: signed up shows 已报名 and when; a refusal (pending company, deadline passed, not
 * invited …) disables the button and says why, beside it and in its tooltip.
 */
export function SignUpButton({
  tenderId,
  participation,
  block,
  showReason = true,
}: {
  tenderId: number;
  participation: Participation;
  block?: boolean;
  showReason?: boolean;
}) {
  const { message } = useFeedback();
  const signUp = useSignUp();

  if (participation.signedUp) {
    return (
      <Space size={4} wrap>
        <Tag icon={<CheckCircleFilled />} color="success" style={{ marginInlineEnd: 0 }}>
          已报名
        </Tag>
        {participation.signedUpAt && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(participation.signedUpAt)}
          </Typography.Text>
        )}
      </Space>
    );
  }

  const refusal = participation.signUpRefusal;
  const button = (
    <Button
      type="primary"
      block={block}
      icon={<FormOutlined />}
      disabled={!!refusal}
      loading={signUp.isPending}
      onClick={() =>
        signUp.mutateAsync(tenderId).then(
          (result) =>
            message.success(
              result.alreadySignedUp ? '贵公司已报名该项目' : '报名成功，可下载招标文件',
            ),
          () => undefined, // the request wrapper has shown the server's reason
        )
      }
    >
      报名
    </Button>
  );
  if (!refusal) return button;
  return (
    <Space orientation="vertical" size={2} style={block ? { width: '100%' } : undefined}>
      <Tooltip title={refusal}>{button}</Tooltip>
      {showReason && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="signup-refusal">
          {refusal}
        </Typography.Text>
      )}
    </Space>
  );
}
