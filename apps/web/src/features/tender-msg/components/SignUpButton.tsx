import { useState } from 'react';
import { Button, Checkbox, Modal, Space, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, FormOutlined, PlusOutlined } from '@ant-design/icons';
import { lotLabel, type AnyLotView, type OpenTender } from '@tender/contracts';
import { formatDateTime } from '@/lib/time';
import { useSignUp } from '../api/add-supply-ttender';
import { useFeedback } from '@/lib/feedback';

type Participation = OpenTender['participation'];

/** The lots a company may still choose: every lot it has not signed up for. */
const openLots = (lots: readonly AnyLotView[], signed: readonly number[]) =>
  [...lots].sort((a, b) => a.lotNo - b.lotNo).filter((lot) => !signed.includes(lot.lotId));

/**
 * 报名: signed up shows 已报名 and when; a refusal (pending company, deadline passed, not
 * invited …) disables the button and says why, beside it and in its tooltip. On a tender of
 * several lots the company chooses its lots (all by default), sees those it signed up for and
 * may add others later (增报标段).
 */
export function SignUpButton({
  tenderId,
  participation,
  lots = [],
  block,
  showReason = true,
}: {
  tenderId: number;
  participation: Participation;
  lots?: readonly AnyLotView[];
  block?: boolean;
  showReason?: boolean;
}) {
  const { message } = useFeedback();
  const signUp = useSignUp();
  const [choosing, setChoosing] = useState(false);
  const several = lots.length > 1;
  const signed = participation.lotIds ?? [];
  const choosable = openLots(lots, participation.signedUp ? signed : []);
  const refusal = participation.signUpRefusal;

  const send = (lotIds?: number[]) =>
    signUp.mutateAsync({ tenderId, ...(lotIds ? { lotIds } : {}) }).then(
      (result) => {
        setChoosing(false);
        message.success(
          participation.signedUp
            ? `已增报 ${lotIds?.length ?? 0} 个标段`
            : result.alreadySignedUp
              ? '贵公司已报名该项目'
              : '报名成功，可下载招标文件',
        );
      },
      () => undefined, // the request wrapper has shown the server's reason
    );

  const chooser = several && (
    <LotChooser
      open={choosing}
      adding={participation.signedUp}
      lots={choosable}
      pending={signUp.isPending}
      onCancel={() => setChoosing(false)}
      onOk={(lotIds) => void send(lotIds)}
    />
  );

  if (participation.signedUp) {
    const signedLots = lots.filter((lot) => signed.includes(lot.lotId));
    return (
      <Space orientation="vertical" size={2}>
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
        {several && (
          <Space size={4} wrap>
            <Typography.Text style={{ fontSize: 12 }} data-testid="signed-up-lots">
              已报标段：
              {signedLots.length === lots.length
                ? `全部 ${lots.length} 个标段`
                : signedLots.map((lot) => `标段 ${lot.lotNo}`).join('、') || '—'}
            </Typography.Text>
            {choosable.length > 0 && !refusal && (
              <Button
                size="small"
                type="link"
                icon={<PlusOutlined />}
                onClick={() => setChoosing(true)}
              >
                增报标段
              </Button>
            )}
          </Space>
        )}
        {chooser}
      </Space>
    );
  }

  const button = (
    <Button
      type="primary"
      block={block}
      icon={<FormOutlined />}
      disabled={!!refusal}
      loading={signUp.isPending}
      onClick={() => (several ? setChoosing(true) : void send())}
    >
      报名
    </Button>
  );
  if (!refusal)
    return (
      <>
        {button}
        {chooser}
      </>
    );
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

/** The lots to sign up for (or to add), every one ticked at first. */
function LotChooser({
  open,
  adding,
  lots,
  pending,
  onCancel,
  onOk,
}: {
  open: boolean;
  adding: boolean;
  lots: readonly AnyLotView[];
  pending: boolean;
  onCancel: () => void;
  onOk: (lotIds: number[]) => void;
}) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [shownFor, setShownFor] = useState(false);
  if (shownFor !== open) {
    // Each opening starts with every lot ticked (React's "adjust state on a prop change").
    setShownFor(open);
    if (open) setChosen(lots.map((lot) => lot.lotId));
  }
  return (
    <Modal
      open={open}
      title={adding ? '增报标段' : '选择报名标段'}
      okText={adding ? '确认增报' : '确认报名'}
      okButtonProps={{ disabled: chosen.length === 0 }}
      confirmLoading={pending}
      onCancel={onCancel}
      onOk={() => onOk(chosen)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {adding
          ? '选择要增加投标的标段；已报名的标段不变。'
          : '本项目分为多个标段，请选择贵公司拟投标的标段（默认全部）；截止前可再增报其他标段。'}
      </Typography.Paragraph>
      <Checkbox.Group
        aria-label="报名标段"
        value={chosen}
        onChange={(values) => setChosen(values)}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        options={lots.map((lot) => ({ value: lot.lotId, label: lotLabel(lot) }))}
      />
      {chosen.length === 0 && <Typography.Text type="danger">至少选择 1 个标段</Typography.Text>}
    </Modal>
  );
}
