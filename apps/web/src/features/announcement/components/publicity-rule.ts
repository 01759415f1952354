import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { announcementApi } from '@tender/contracts';

const DAY_MS = 86_400_000;

/** Why a publicity period is refused, or null: both ends, end after start, at least three days. */
export function publicityProblem(period: [Dayjs | null, Dayjs | null] | null | undefined) {
  const [start, end] = period ?? [];
  if (!start || !end) return '请选择公示开始与结束时间';
  if (!end.isAfter(start)) return '公示结束时间必须晚于开始时间';
  if (end.valueOf() - start.valueOf() < announcementApi.MIN_PUBLICITY_DAYS * DAY_MS)
    return `公示期不得少于 ${announcementApi.MIN_PUBLICITY_DAYS} 天`;
  return null;
}

export const publicityRule: FormRule = {
  validator: (_, value: [Dayjs, Dayjs] | null) => {
    const problem = publicityProblem(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};
