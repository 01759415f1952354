import { describe, expect, it } from 'vitest';
import { toTenderInput } from './tender-form-values';

describe('tender form values', () => {
  it('keeps the chosen invitees only for a method restricted to them', () => {
    const values = { invitedSupplierIds: [3, 5] };
    expect(toTenderInput({ ...values, procurementMethod: 'invited' }).invitedSupplierIds).toEqual([
      3, 5,
    ]);
    expect(toTenderInput({ ...values, procurementMethod: 'open' }).invitedSupplierIds).toEqual([]);
  });
});
