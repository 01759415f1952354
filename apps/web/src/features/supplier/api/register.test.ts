import { describe, expect, it } from 'vitest';
import { supplierApi } from '@tender/contracts';
import { presenceOf } from '@/lib/form-errors';
import { loadRegisterSchema, REGISTER_PRESENCE } from './register';

describe('the registration form’s contract', () => {
  it('lists the fields the contract requires, as it requires them', () => {
    expect(REGISTER_PRESENCE).toEqual(presenceOf(supplierApi.registerSchema));
  });

  it('loads the contract’s own schema', async () => {
    expect(await loadRegisterSchema()).toBe(supplierApi.registerSchema);
  });
});
