import { describe, expect, it } from 'vitest';
import { diffAudit } from './audit-diff';

describe('diffAudit', () => {
  it('marks the keys whose value changed on both sides', () => {
    const { before, after } = diffAudit(
      { realName: '张三', status: 'enabled', phone: null },
      { realName: '张三', status: 'disabled', phone: null },
    );
    expect(before.filter((l) => l.changed).map((l) => l.key)).toEqual(['status']);
    expect(after.filter((l) => l.changed).map((l) => l.key)).toEqual(['status']);
  });

  it('marks keys that only exist on one side', () => {
    const { before, after } = diffAudit({ a: 1 }, { a: 1, b: [1, 2] });
    expect(before.map((l) => l.changed)).toEqual([false]);
    expect(after.find((l) => l.key === 'b')).toMatchObject({
      changed: true,
      text: '"b": [\n  1,\n  2\n]',
    });
  });

  it('shows nothing for a missing side (a creation has no before)', () => {
    const { before, after } = diffAudit(null, { roleName: 'auditor' });
    expect(before).toEqual([]);
    expect(after).toEqual([{ key: 'roleName', text: '"roleName": "auditor"', changed: true }]);
  });
});
