import { describe, expect, it } from 'vitest';
import { timeLeftOf } from './time-left';

const answerBy = '2026-11-27T12:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('the time a bidder has left to answer', () => {
  it('counts down, not red while 30 minutes or more are left', () => {
    expect(timeLeftOf(answerBy, at('2026-11-27T10:59:30.000Z'))).toEqual({
      text: '剩余 01时00分30秒',
      urgent: false,
      over: false,
    });
    expect(timeLeftOf(answerBy, at('2026-11-27T11:30:00.000Z')).urgent).toBe(false);
  });

  it('turns red under 30 minutes', () => {
    expect(timeLeftOf(answerBy, at('2026-11-27T11:30:01.000Z'))).toMatchObject({
      text: '剩余 00时29分59秒',
      urgent: true,
    });
  });

  it('says 已超时 once the time has passed', () => {
    expect(timeLeftOf(answerBy, at(answerBy))).toEqual({
      text: '已超时',
      urgent: true,
      over: true,
    });
  });
});
