import { describe, expect, it } from 'vitest';
import { supplierApi } from '@tender/contracts';
import { presenceOf } from '@/lib/form-errors';
import { COMPANY_PRESENCE, loadCompanySchema } from './company-contract';

describe('the company fields’ contract', () => {
  it('lists the fields the contract requires, as it requires them', () => {
    expect(COMPANY_PRESENCE).toEqual(presenceOf(supplierApi.companySchema));
  });

  it('loads the contract’s own schema', async () => {
    expect(await loadCompanySchema()).toBe(supplierApi.companySchema);
  });
});
