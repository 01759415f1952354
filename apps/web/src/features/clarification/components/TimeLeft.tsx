import { Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useServerNow } from '@/components/Countdown';
import { timeLeftOf } from './time-left';

/** Counts down to `answerBy` on the server's clock. */
export function TimeLeft({ answerBy }: { answerBy: string }) {
  const now = useServerNow();
  const { text, urgent } = timeLeftOf(answerBy, now);
  return (
    <Typography.Text
      type={urgent ? 'danger' : undefined}
      role="timer"
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      <ClockCircleOutlined style={{ marginRight: 4 }} />
      {text}
    </Typography.Text>
  );
}
