import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import type { announcementApi, RouteInput } from '@tender/contracts';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useFeedback } from '@/lib/feedback';
import { serverNow } from '@/lib/server-clock';
import { useModalForm } from './use-modal-form';

type PublishCandidatesInput = RouteInput<typeof announcementApi.publishCandidates>;

const DEFAULT_PUBLICITY_DAYS = 3;

/** The period a 中标候选人公示 form starts with: three days from the next whole hour (server time). */
export function defaultPublicityPeriod(): [Dayjs, Dayjs] {
  const start = dayjs(serverNow()).add(1, 'hour').startOf('hour');
  return [start, start.add(DEFAULT_PUBLICITY_DAYS, 'day')];
}

/**
 * The form and the 生成公示 step both 发布候选人公示 dialogs share (the one from the opened
 * bids, the one from the 评标报告): send the candidates, say the draft is made, close and open
 * the draft to be published; a refusal is painted beside its field and the dialog stays open.
 * `submit` takes the candidates and the form's checked 公示期.
 */
export function usePublishCandidatesForm<V extends object>(
  onClose: () => void,
  publish: (input: PublishCandidatesInput) => Promise<{ announcementId: number }>,
) {
  const { form } = useModalForm<V>(onClose);
  const { message } = useFeedback();
  const navigate = useNavigate();

  const submit = async (
    candidates: Omit<PublishCandidatesInput, 'publicityStart' | 'publicityEnd'>,
    period: [Dayjs, Dayjs],
  ) => {
    try {
      const { announcementId } = await publish({
        ...candidates,
        publicityStart: period[0].toISOString(),
        publicityEnd: period[1].toISOString(),
      });
      message.success('已生成中标候选人公示草稿');
      onClose();
      void navigate(`/announcementDetail?id=${announcementId}`);
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };

  return { form, submit };
}
